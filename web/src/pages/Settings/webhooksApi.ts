import type { CreatedWebhookEndpoint, UpdateWebhookEndpointBody, WebhookDeliveriesPage, WebhookDeliveryView, WebhookEndpointFormInput, WebhookEndpointView } from "@balcao/common";
import { api } from "../../api/client";

export const webhookEndpointsKey = ["webhook-endpoints"] as const;
export const webhookDeliveriesKey = (endpointId: number, page: number) => ["webhook-endpoints", endpointId, "deliveries", page] as const;

export async function fetchWebhookEndpoints(): Promise<WebhookEndpointView[]> {
  const { data } = await api.get<WebhookEndpointView[]>("/webhook-endpoints");
  return data;
}

export async function createWebhookEndpoint(body: WebhookEndpointFormInput): Promise<CreatedWebhookEndpoint> {
  const { data } = await api.post<CreatedWebhookEndpoint>("/webhook-endpoints", body);
  return data;
}

export async function updateWebhookEndpoint(id: number, body: UpdateWebhookEndpointBody): Promise<WebhookEndpointView> {
  const { data } = await api.put<WebhookEndpointView>(`/webhook-endpoints/${id}`, body);
  return data;
}

export async function deleteWebhookEndpoint(id: number): Promise<void> {
  await api.delete(`/webhook-endpoints/${id}`);
}

export async function fetchWebhookDeliveries(endpointId: number, pageNumber: number): Promise<WebhookDeliveriesPage> {
  const { data } = await api.get<WebhookDeliveriesPage>(`/webhook-endpoints/${endpointId}/deliveries`, { params: { pageNumber } });
  return data;
}

export async function retryWebhookDelivery(endpointId: number, deliveryId: number): Promise<WebhookDeliveryView> {
  const { data } = await api.post<WebhookDeliveryView>(`/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/retry`, {});
  return data;
}
