import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { and, eq } from "drizzle-orm";
import { messages } from "../db/schema";
import { ADMIN, startTestApp, type TestApp } from "./harness";
import { CloudGraphStandIn } from "./standins/cloudGraph";

/** The Cloud number's settings every Cloud test connection uses, as Meta hands them out. */
export const CLOUD = {
  phoneNumberId: "109876543210987",
  accessToken: "EAAG-test-access-token-0123456789",
  appSecret: "app-secret-for-signatures",
  verifyToken: "verify-me-please",
  version: "v21.0",
};
/** The image Graph serves for the media id `MEDIA-IN-1`. */
export const IMAGE = Buffer.from("\xff\xd8\xff\xe0fake-jpeg-bytes", "latin1");

let seq = 0;

/** Meta's signature header over a delivery's exact bytes. */
export const signDelivery = (raw: string, secret = CLOUD.appSecret) => `sha256=${crypto.createHmac("sha256", secret).update(raw).digest("hex")}`;

/** A webhook delivery for the test number carrying `value`. */
export const envelope = (value: Record<string, unknown>): any => ({
  object: "whatsapp_business_account",
  entry: [{ id: "WABA-1", changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { display_phone_number: "551140000000", phone_number_id: CLOUD.phoneNumberId }, ...value } }] }],
});
/** A customer's message, with a new message id each time. */
export const inbound = (from: string, name: string, message: Record<string, unknown>) =>
  envelope({ contacts: [{ profile: { name }, wa_id: from }], messages: [{ from, id: `wamid.IN${Date.now()}${seq++}`, timestamp: String(Math.floor(Date.now() / 1000)), ...message }] });
/** A status of a message the connection sent. */
export const statusUpdate = (id: string, status: string) => envelope({ statuses: [{ id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: "5511988887777" }] });

export interface CloudConnection {
  t: TestApp;
  graph: CloudGraphStandIn;
  admin: { token: string; user: { id: number } };
  whatsapp: { id: number; companyId: number };
  /** Meta's POST to the webhook: the raw JSON, signed (or not) over its exact bytes. */
  deliver(payload: unknown, signature?: string | null, whatsappId?: number): Promise<Response>;
  /** The stored messages of the test connection with this Meta id. */
  messageByExternalId(externalId: string): Promise<(typeof messages.$inferSelect)[]>;
  /** A customer writes `body` and the admin takes the ticket: answers the customer's stored message. */
  ticketTakenByAdmin(from: string, name: string, body: string): Promise<typeof messages.$inferSelect>;
}

/**
 * Starts the app and a Graph stand-in, and creates the admin's Cloud connection pointed at it, for
 * the file's tests (filled in before they run); the stand-in forgets what it saw before each test.
 */
export function useCloudConnection(): CloudConnection {
  const cloud = {
    async deliver(payload: unknown, signature: string | null = "valid", whatsappId = cloud.whatsapp.id) {
      const raw = JSON.stringify(payload);
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (signature) headers["x-hub-signature-256"] = signature === "valid" ? signDelivery(raw) : signature;
      return fetch(`${cloud.t.url}/webhooks/whatsapp-cloud/${whatsappId}`, { method: "POST", headers, body: raw });
    },
    messageByExternalId: async (externalId: string) =>
      await cloud.t.built.ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.whatsappId, cloud.whatsapp.id), eq(messages.externalId, externalId))),
    async ticketTakenByAdmin(from: string, name: string, body: string) {
      const payload = inbound(from, name, { type: "text", text: { body } });
      await cloud.deliver(payload);
      const [stored] = await cloud.messageByExternalId(payload.entry[0].changes[0].value.messages[0].id);
      const taken = await cloud.t.http.put(`/tickets/${stored.ticketId}`, { status: "open", userId: cloud.admin.user.id }, cloud.admin.token);
      if (taken.status !== 200) throw new Error(`take ticket: ${taken.status} ${JSON.stringify(taken.body)}`);
      return stored;
    },
  } as CloudConnection;

  beforeAll(async () => {
    cloud.graph = await new CloudGraphStandIn({ phoneNumberId: CLOUD.phoneNumberId, accessToken: CLOUD.accessToken, version: CLOUD.version, lastingMedia: { "MEDIA-IN-1": IMAGE } }).start();
    cloud.t = await startTestApp();
    cloud.admin = await cloud.t.http.login(ADMIN.email, ADMIN.password);
    const { phoneNumberId, accessToken, appSecret, verifyToken } = CLOUD;
    const created = await cloud.t.http.post("/whatsapp", { name: "Cloud", channel: "cloud", cloud: { phoneNumberId, accessToken, appSecret, verifyToken, graphUrl: cloud.graph.url } }, cloud.admin.token);
    if (created.status !== 201) throw new Error(`create cloud connection: ${created.status} ${JSON.stringify(created.body)}`);
    cloud.whatsapp = created.body;
  });
  afterAll(async () => {
    await cloud.t?.close();
    await cloud.graph?.stop();
  });
  beforeEach(() => {
    cloud.graph.seen = [];
    cloud.graph.failNext = null;
    cloud.graph.failNextRetryAfter = null;
  });
  return cloud;
}
