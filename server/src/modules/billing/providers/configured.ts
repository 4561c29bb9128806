import { and, asc, eq } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { settings, users } from "../../../db/schema";
import { AsaasProvider } from "./asaas";
import { EfiProvider } from "./efi";
import type { PaymentProvider } from "./provider";

/** The super user's `asaas` setting: the Asaas API token (administration §2, Options tab). */
async function asaasToken(ctx: AppContext) {
  const [row] = await ctx.db
    .select({ value: settings.value })
    .from(settings)
    .innerJoin(users, and(eq(users.companyId, settings.companyId), eq(users.super, true)))
    .where(eq(settings.key, "asaas"))
    .orderBy(asc(users.id))
    .limit(1);
  return row?.value.trim() || null;
}

/** The provider new charges go to: Asaas when the super user set its token, else Efí when configured. */
export async function configuredProvider(ctx: AppContext): Promise<PaymentProvider | null> {
  return (await providerNamed(ctx, "asaas")) ?? (await providerNamed(ctx, "efi"));
}

/** The provider a charge was made with, to ask it about that charge. */
export async function providerNamed(ctx: AppContext, name: string): Promise<PaymentProvider | null> {
  if (name === "asaas") {
    const token = await asaasToken(ctx);
    return token ? new AsaasProvider(token, ctx.config.asaasApiUrl) : null;
  }
  if (name === "efi" && ctx.config.efi) return EfiProvider.shared(ctx.config.efi);
  return null;
}
