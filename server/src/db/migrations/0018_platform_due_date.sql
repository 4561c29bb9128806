-- The platform owner's company (its super user's) never falls due; clients refuse a session whose company has no due date ahead.
UPDATE "companies" SET "due_date" = '2099-12-31' WHERE "due_date" IS NULL AND "id" IN (SELECT "company_id" FROM "users" WHERE "super");
