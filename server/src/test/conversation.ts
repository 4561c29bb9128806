import type { Http } from "./harness";

/** A sandbox connection, paired, ready to receive customers' messages. */
export async function pairedSandbox(http: Http, adminToken: string, name = "Sandbox") {
  const created = await http.post("/whatsapp", { name, channel: "sandbox" }, adminToken);
  if (created.status !== 201) throw new Error(`create whatsapp: ${created.status} ${JSON.stringify(created.body)}`);
  const paired = await http.post(`/sandbox/${created.body.id}/pair`, {}, adminToken);
  if (paired.status !== 200) throw new Error(`pair: ${paired.status} ${JSON.stringify(paired.body)}`);
  return created.body as { id: number; token: string; name: string };
}

/** The customer writes: returns the stored message and its ticket. */
export async function customerSays(http: Http, whatsapp: { id: number; token: string }, number: string, body: string, extra: Record<string, unknown> = {}) {
  const res = await http.post(`/sandbox/${whatsapp.id}/inbound`, { number, name: `Cliente ${number.slice(-4)}`, body, ...extra }, whatsapp.token);
  if (res.status !== 201 && res.status !== 200) throw new Error(`inbound: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { message: any; ticket: any; duplicate: boolean };
}
