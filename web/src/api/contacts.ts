import type { ContactView, CreateContactBody } from "@balcao/common";
import { api } from "./client";

export async function createContact(body: CreateContactBody): Promise<ContactView> {
  const { data } = await api.post<ContactView>("/contacts", body);
  return data;
}

export async function updateContact(id: number, body: CreateContactBody): Promise<ContactView> {
  const { data } = await api.put<ContactView>(`/contacts/${id}`, body);
  return data;
}
