-- The trail stays append-only, with one exception: erasing a person's data on request (LGPD/GDPR,
-- the command line's erase-contact) may blank what an entry quoted of them (its summary, details and
-- names), inside a transaction that says so. What happened, when, by whom and to which record stays.
CREATE OR REPLACE FUNCTION "audit_logs_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('balcao.erasing_personal_data', true) = 'on'
    AND NEW.id = OLD.id AND NEW.event_id = OLD.event_id AND NEW.action = OLD.action AND NEW.occurred_at = OLD.occurred_at
    AND NEW.company_id IS NOT DISTINCT FROM OLD.company_id AND NEW.user_id IS NOT DISTINCT FROM OLD.user_id
    AND NEW.entity_type IS NOT DISTINCT FROM OLD.entity_type AND NEW.entity_id IS NOT DISTINCT FROM OLD.entity_id
    AND NEW.ip IS NOT DISTINCT FROM OLD.ip THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
