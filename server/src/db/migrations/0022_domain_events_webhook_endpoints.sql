ALTER TABLE "domain_events" ADD COLUMN "webhook_endpoint_ids" integer[];--> statement-breakpoint
CREATE FUNCTION domain_events_webhook_endpoints() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS NOT NULL THEN
    NEW.webhook_endpoint_ids := (
      SELECT array_agg(e.id ORDER BY e.id) FROM webhook_endpoints e
      WHERE e.company_id = NEW.company_id AND e.enabled AND NEW.type = ANY (e.events));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER domain_events_webhook_endpoints BEFORE INSERT ON domain_events FOR EACH ROW EXECUTE FUNCTION domain_events_webhook_endpoints();
