import type { Schema } from "./hostileRequests";

const text: Schema = { type: "string" };
const object = (properties: Record<string, Schema>, required: string[] = []): Schema => ({ type: "object", properties, required });
const list = (items: Schema): Schema => ({ type: "array", items, maxItems: 2 });

/**
 * What Meta posts to a Cloud API webhook, for driving signed hostile deliveries. Media kinds are
 * left out: their download fails here for want of a network, and a failed download answers 500
 * on purpose so that Meta delivers again.
 */
export function metaWebhookSchema(phoneNumberId: string): Schema {
  const message = object(
    {
      id: text,
      from: { type: "string", enum: ["5511999990001", "5511999990002"] },
      timestamp: { type: "string", enum: ["1700000000", "0"] },
      type: { type: "string", enum: ["text", "location", "contacts", "button", "interactive", "reaction", "unsupported"] },
      text: object({ body: text }, ["body"]),
      location: object({ latitude: { type: "number" }, longitude: { type: "number" }, name: text, address: text }),
      contacts: list(object({ name: object({ formatted_name: text }), phones: list(object({ phone: text, wa_id: text })) })),
      button: object({ text, payload: text }),
      interactive: object({ button_reply: object({ title: text }), list_reply: object({ title: text }) }),
      context: object({ id: text }),
    },
    ["id", "from", "type", "text"],
  );
  const value = object(
    {
      metadata: object({ phone_number_id: { type: "string", enum: [phoneNumberId] } }, ["phone_number_id"]),
      contacts: list(object({ wa_id: { type: "string", enum: ["5511999990001"] }, profile: object({ name: text }) })),
      messages: list(message),
      statuses: list(object({ id: text, status: { type: "string", enum: ["sent", "delivered", "read", "failed"] } })),
    },
    ["metadata", "messages"],
  );
  return object(
    { object: { type: "string", enum: ["whatsapp_business_account"] }, entry: list(object({ changes: list(object({ field: { type: "string", enum: ["messages"] }, value }, ["field", "value"])) }, ["changes"])) },
    ["entry"],
  );
}
