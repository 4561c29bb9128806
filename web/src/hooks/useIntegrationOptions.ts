import { useQuery } from "@tanstack/react-query";
import { fetchIntegrationOptions } from "../api/queueIntegrationOptions";

/** The queue integrations a dialog offers, loaded while it is open; a failure leaves the select empty. */
export const useIntegrationOptions = (enabled: boolean) => useQuery({ queryKey: ["queueIntegrations", "connectionOptions"], queryFn: fetchIntegrationOptions, enabled, meta: { silent: true } });
