import { and, eq } from "drizzle-orm";
import { ADMIN, startTestApp } from "./harness";
import { messages } from "../db/schema";
import { createBaileysConnection, FakeWhatsApp, pairSocket } from "../channels/baileys/fakeSocket";
import { OUR_JID } from "../channels/baileys/fixtures";

/**
 * Tests only: the running app, its admin logged in, and a Baileys connection named `name` paired to a
 * fake WhatsApp. `prepare` runs before the pairing (e.g. to give the fake the media it serves).
 */
export async function pairedBaileys(name: string, prepare?: (fake: FakeWhatsApp) => void) {
  const t = await startTestApp();
  const admin = await t.http.login(ADMIN.email, ADMIN.password);
  const fake = new FakeWhatsApp();
  const { whatsapp, adapter, socket } = await createBaileysConnection(t, admin.token, fake, name);
  prepare?.(fake);
  await pairSocket(adapter, socket, OUR_JID);

  /** WhatsApp delivers messages the way Baileys reports them; waits until the adapter handled them. */
  async function upsertAs(type: "notify" | "append", ...list: unknown[]) {
    socket.emit("messages.upsert", { messages: list, type });
    await adapter.idle();
  }
  /** New messages, as WhatsApp notifies them. */
  const upsert = (...list: unknown[]) => upsertAs("notify", ...list);
  /** The connection's message stored under this WhatsApp id. */
  const stored = (externalId: string) =>
    t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.whatsappId, whatsapp.id), eq(messages.externalId, externalId)))
      .then((rows) => rows[0]);

  return { t, admin, fake, whatsapp, adapter, socket, upsert, upsertAs, stored };
}

export type PairedBaileys = Awaited<ReturnType<typeof pairedBaileys>>;
