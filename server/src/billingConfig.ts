import { z } from "zod";
import { ConfigError } from "./configError";

/**
 * Payment providers' addresses and the secrets their webhooks prove themselves with. The Asaas
 * token itself is the super user's `asaas` setting (administration §2); Efí's credentials and
 * certificate are the operator's, so they live here.
 */
export interface BillingConfig {
  /** Asaas' API (its sandbox, or a stand-in in tests); production by default. */
  asaasApiUrl?: string;
  /** The token Asaas sends in `asaas-access-token` with each webhook, as set in its webhook settings. */
  asaasWebhookToken?: string;
  efi?: EfiConfig;
}

export interface EfiConfig {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** The account's certificate and key (PEM, one file or two), for the mutual TLS Efí requires. */
  certPath: string;
  keyPath?: string;
  /** A certificate authority to trust for Efí's server besides the system's (a stand-in, a proxy). */
  caPath?: string;
  /** The Pix key charges are paid to. */
  pixKey: string;
  /** The secret the webhook address carries (`?hmac=`), as registered with Efí. */
  webhookSecret?: string;
}

const text = z.string().trim().min(1);
const url = text.refine((v) => /^https?:\/\//.test(v), "must be an http(s) address");

const schema = z.object({
  ASAAS_API_URL: url.optional(),
  ASAAS_WEBHOOK_TOKEN: text.min(16, "must be at least 16 characters").optional(),
  EFI_API_URL: url.optional(),
  EFI_CLIENT_ID: text.optional(),
  EFI_CLIENT_SECRET: text.optional(),
  EFI_CERT_PATH: text.optional(),
  EFI_KEY_PATH: text.optional(),
  EFI_CA_PATH: text.optional(),
  EFI_PIX_KEY: text.optional(),
  EFI_WEBHOOK_SECRET: text.min(16, "must be at least 16 characters").optional(),
});

const EFI_REQUIRED = ["EFI_CLIENT_ID", "EFI_CLIENT_SECRET", "EFI_CERT_PATH", "EFI_PIX_KEY"] as const;

export function loadBillingConfig(env: Record<string, string | undefined>): BillingConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue.path.join(".")} ${issue.message}`);
  }
  const e = parsed.data;
  const efiGiven = EFI_REQUIRED.filter((k) => e[k]);
  if (efiGiven.length && efiGiven.length < EFI_REQUIRED.length) {
    throw new ConfigError(`Invalid configuration: ${EFI_REQUIRED.find((k) => !e[k])} must be set with the other EFI_ variables`);
  }
  return {
    asaasApiUrl: e.ASAAS_API_URL,
    asaasWebhookToken: e.ASAAS_WEBHOOK_TOKEN,
    efi: efiGiven.length
      ? {
          apiUrl: e.EFI_API_URL ?? "https://pix.api.efipay.com.br",
          clientId: e.EFI_CLIENT_ID!,
          clientSecret: e.EFI_CLIENT_SECRET!,
          certPath: e.EFI_CERT_PATH!,
          keyPath: e.EFI_KEY_PATH,
          caPath: e.EFI_CA_PATH,
          pixKey: e.EFI_PIX_KEY!,
          webhookSecret: e.EFI_WEBHOOK_SECRET,
        }
      : undefined,
  };
}
