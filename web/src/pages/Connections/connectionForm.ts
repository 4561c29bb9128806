import type { Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { CHANNELS, V, whatsappBody, type CloudConfigBody, type WhatsappBody } from "@balcao/common";
import type { ConnectionRecord } from "./connectionsApi";

export type ChannelKind = (typeof CHANNELS)[number];

/** The WhatsApp Cloud API settings as the inputs hold them; `has*` tell that a secret is stored (GET never sends it). */
export interface CloudFormValues {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  graphUrl: string;
  apiVersion: string;
  businessAccountId: string;
  /** Sends a second at most, as text ("" keeps the default, 80). */
  messagesPerSecond: string;
  hasAccessToken: boolean;
  hasAppSecret: boolean;
}

/** The dialog's values as the inputs hold them: numbers and ids as text, "" for none. */
export interface ConnectionFormValues {
  name: string;
  channel: ChannelKind;
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  token: string;
  queueIds: number[];
  promptId: string;
  integrationId: string;
  transferQueueId: string;
  timeToTransfer: string;
  expiresTicket: string;
  expiresInactiveMessage: string;
  cloud: CloudFormValues;
}

export const emptyCloudForm: CloudFormValues = {
  phoneNumberId: "",
  accessToken: "",
  appSecret: "",
  verifyToken: "",
  graphUrl: "",
  apiVersion: "",
  businessAccountId: "",
  messagesPerSecond: "80",
  hasAccessToken: false,
  hasAppSecret: false,
};

export const emptyConnectionForm: ConnectionFormValues = {
  name: "",
  channel: "sandbox",
  isDefault: false,
  greetingMessage: "",
  complationMessage: "",
  outOfHoursMessage: "",
  ratingMessage: "",
  token: "",
  queueIds: [],
  promptId: "",
  integrationId: "",
  transferQueueId: "",
  timeToTransfer: "",
  expiresTicket: "",
  expiresInactiveMessage: "",
  cloud: emptyCloudForm,
};

const text = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));
const isChannel = (v: unknown): v is ChannelKind => (CHANNELS as readonly unknown[]).includes(v);

export function toFormValues(record: ConnectionRecord): ConnectionFormValues {
  return {
    name: record.name,
    channel: isChannel(record.channel) ? record.channel : "sandbox",
    isDefault: record.isDefault,
    greetingMessage: record.greetingMessage ?? "",
    complationMessage: record.complationMessage ?? "",
    outOfHoursMessage: record.outOfHoursMessage ?? "",
    ratingMessage: record.ratingMessage ?? "",
    token: record.token ?? "",
    queueIds: (record.queues ?? []).map((q) => q.id),
    promptId: text(record.promptId),
    integrationId: text(record.integrationId),
    transferQueueId: text(record.transferQueueId),
    timeToTransfer: text(record.timeToTransfer),
    expiresTicket: record.expiresTicket ? String(record.expiresTicket) : "",
    expiresInactiveMessage: record.expiresInactiveMessage ?? "",
    cloud: record.cloud
      ? {
          phoneNumberId: record.cloud.phoneNumberId ?? "",
          accessToken: "",
          appSecret: "",
          verifyToken: record.cloud.verifyToken ?? "",
          graphUrl: record.cloud.graphUrl ?? "",
          apiVersion: record.cloud.apiVersion ?? "",
          businessAccountId: record.cloud.businessAccountId ?? "",
          messagesPerSecond: String(record.cloud.messagesPerSecond ?? 80),
          hasAccessToken: Boolean(record.cloud.hasAccessToken),
          hasAppSecret: Boolean(record.cloud.hasAppSecret),
        }
      : emptyCloudForm,
  };
}

/** The `cloud` body: blank secrets are left out (the server keeps the stored ones), as are blank advanced fields. */
export function toCloudBody(cloud: CloudFormValues): CloudConfigBody {
  const body: CloudConfigBody = { phoneNumberId: cloud.phoneNumberId.trim(), verifyToken: cloud.verifyToken.trim() };
  for (const key of ["accessToken", "appSecret", "graphUrl", "apiVersion", "businessAccountId"] as const) {
    const value = cloud[key].trim();
    if (value) body[key] = value;
  }
  const perSecond = cloud.messagesPerSecond.trim();
  if (perSecond) body.messagesPerSecond = /^\d+$/.test(perSecond) ? Number(perSecond) : Number.NaN;
  return body;
}

/** Form values to the API body: blanks become "none" (null), a blank token keeps the stored one. */
export function toBody(values: ConnectionFormValues) {
  const blankToNull = (v: string) => (v.trim() === "" ? null : v.trim());
  return {
    ...values,
    token: values.token.trim() || undefined,
    promptId: blankToNull(values.promptId),
    integrationId: blankToNull(values.integrationId),
    transferQueueId: blankToNull(values.transferQueueId),
    timeToTransfer: blankToNull(values.timeToTransfer),
    expiresTicket: blankToNull(values.expiresTicket),
    cloud: values.channel === "cloud" ? toCloudBody(values.cloud) : undefined,
  };
}

/**
 * The dialog's schema: the API's own (common whatsappBody) plus what the server checks beyond it:
 * a cloud connection needs its settings, and its secrets unless some are already stored.
 */
export const connectionFormSchema = whatsappBody
  .extend({ storedSecrets: z.object({ accessToken: z.boolean(), appSecret: z.boolean() }).optional() })
  .superRefine((body, ctx) => {
    if (body.channel !== "cloud") return;
    if (!body.cloud) return void ctx.addIssue({ code: "custom", path: ["cloud", "phoneNumberId"], message: V.required });
    if (!body.cloud.accessToken && !body.storedSecrets?.accessToken) ctx.addIssue({ code: "custom", path: ["cloud", "accessToken"], message: V.required });
    if (!body.cloud.appSecret && !body.storedSecrets?.appSecret) ctx.addIssue({ code: "custom", path: ["cloud", "appSecret"], message: V.required });
  })
  .transform(({ storedSecrets: _, ...body }): WhatsappBody => body);

/** The resolver's input: the API body and which secrets the server already holds. */
export const toFormBody = (values: ConnectionFormValues) => ({
  ...toBody(values),
  storedSecrets: { accessToken: values.cloud.hasAccessToken, appSecret: values.cloud.hasAppSecret },
});

const apiResolver = zodResolver(connectionFormSchema);

/** Validation by the API's schema (extended above), fed with the converted values. */
export const connectionResolver: Resolver<ConnectionFormValues, unknown, WhatsappBody> = (values, context, options) => apiResolver(toFormBody(values), context, options as never) as never;

const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random 40-character token, made in the browser. */
export function generateToken(length = 40): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 62 symbols: the modulo bias (256 % 62) is negligible for a bearer token this long
  return Array.from(bytes, (b) => TOKEN_ALPHABET[b % TOKEN_ALPHABET.length]).join("");
}

/** The QR's value: the sandbox gives a path on this site, real channels the raw code. */
export const qrValue = (qrcode: string) => (qrcode.startsWith("/") ? window.location.origin + qrcode : qrcode);
