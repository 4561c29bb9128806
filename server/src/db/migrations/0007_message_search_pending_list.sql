-- The message text index takes new messages through a pending list again, bounded at 1 MB
-- (≈450 messages) and merged in bulk when full. Measured with 8 writers on the reference data:
-- 0.99 ms of CPU per message insert without the list, 0.55 with it; a search for a word in no
-- message takes 0.3 ms with a full list. (The contact indexes stay without one: a contact row is
-- written only when new or renamed.)
ALTER INDEX "messages_company_body_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 1024);
