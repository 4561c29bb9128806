import { z } from "zod";
import { BILLING_FIELDS, type BillingField } from "@balcao/common";
import { id, object, page } from "../../http/responses/shapes";
import { planAnswer } from "../plans/responses";

const moment = z.iso.datetime({ offset: true });
const billing = Object.fromEntries(BILLING_FIELDS.map((field) => [field, z.string().nullable()])) as Record<BillingField, z.ZodNullable<z.ZodString>>;

const companyFields = {
  id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.boolean(),
  /** YYYY-MM-DD */
  dueDate: z.string().nullable(),
  recurrence: z.string().nullable(),
  planId: id.nullable(),
  ...billing,
  createdAt: moment,
  updatedAt: moment,
};

/** A company just signed up: its fields and billing name and address. */
export const signedUpCompany = object(companyFields).meta({ description: "The company created by the sign-up." });

/** One company as the super user's table shows it. */
export const companyRecord = object({
  ...companyFields,
  plan: object({ id, name: z.string() }).nullable(),
  campaignsEnabled: z.boolean(),
}).meta({ description: "A company with its plan's name and the campaigns switch." });

export const companyList = z.array(companyRecord).meta({ description: "Every company of the platform." });
export const companiesPage = page("companies", companyRecord).meta({ description: "A page of companies." });

/** A company and its whole plan (its limits and features). */
export const companyWithPlan = object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.boolean(),
  dueDate: z.string().nullable(),
  createdAt: moment,
  plan: planAnswer.nullable(),
}).meta({ description: "The company with its plan." });

export const companyDeletionScheduled = object({ message: z.string(), company: companyRecord }).meta({
  description: "The company stopped at once; its data is removed by a job.",
});

/** A company's own record with its opening hours (the Settings 'Schedules' tab). */
export const companyWithSchedules = object({
  ...companyFields,
  schedules: z.array(object({ weekday: z.string(), weekdayEn: z.string(), startTime: z.string(), endTime: z.string() })),
}).meta({ description: "The company with its opening hours, one entry a weekday." });
