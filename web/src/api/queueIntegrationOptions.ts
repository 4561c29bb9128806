import { api } from "./client";
import { errorStatus } from "./errors";

export interface IntegrationRef {
  id: number;
  name: string;
}

/** Queue integrations feed the connection dialog's select; a plan without them (403) or an older server (404) reads as none. */
export async function fetchIntegrationOptions(): Promise<IntegrationRef[]> {
  try {
    const { data } = await api.get<{ queueIntegrations?: IntegrationRef[] }>("/queueIntegration");
    return Array.isArray(data?.queueIntegrations) ? data.queueIntegrations : [];
  } catch (err) {
    if (errorStatus(err) === 404 || errorStatus(err) === 403) return [];
    throw err;
  }
}
