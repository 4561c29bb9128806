import { and, eq, notInArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { whatsapps, whatsappTemplates, type TemplateComponent } from "../../db/schema";
import { AppError } from "../../http/errors";
import { openCloudConfig } from "./config";

const TIMEOUT_MS = 20_000;
/** Graph's largest page of templates, and how many pages one sync reads at most. */
const PAGE_SIZE = 100;
const MAX_PAGES = 50;

interface GraphTemplate {
  name?: unknown;
  language?: unknown;
  category?: unknown;
  status?: unknown;
  components?: unknown;
}

const syncFailed = (message: string, graphCode?: number) => new AppError("ERR_TEMPLATES_SYNC", 400, { message, ...(graphCode ? { graphCode } : {}) });

/** One page of templates: Graph's answer, or the reason it gave. */
async function page(url: string, accessToken: string): Promise<{ data: GraphTemplate[]; next?: string }> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw syncFailed("Cloud API unreachable");
  }
  let body: any;
  try {
    body = JSON.parse(await res.text());
  } catch {
    body = {};
  }
  if (!res.ok || body?.error) throw syncFailed(String(body?.error?.message ?? res.statusText), body?.error?.code);
  return { data: Array.isArray(body?.data) ? body.data : [], next: typeof body?.paging?.next === "string" ? body.paging.next : undefined };
}

const componentsOf = (value: unknown): TemplateComponent[] => (Array.isArray(value) ? value.filter((c): c is TemplateComponent => !!c && typeof c === "object" && typeof (c as { type?: unknown }).type === "string") : []);

/**
 * Reads the message templates of the connection's WhatsApp Business Account from Graph, page by
 * page, and keeps them as the connection's: new ones added, changed ones updated, the ones Graph no
 * longer lists removed. Answers how many there are.
 */
export async function syncTemplates(ctx: AppContext, whatsapp: { id: number; companyId: number }): Promise<number> {
  const [row] = await ctx.db
    .select({ cloud: whatsapps.cloud, channel: whatsapps.channel })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, whatsapp.companyId), eq(whatsapps.id, whatsapp.id)));
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  if (row.channel !== "cloud" || !row.cloud) throw new AppError("ERR_VALIDATION", 400, { field: "channel", message: "channel: templates belong to Cloud API connections" });
  const c = openCloudConfig(ctx.config.dataDir, row.cloud);
  if (!c.businessAccountId) throw new AppError("ERR_VALIDATION", 400, { field: "cloud.businessAccountId", message: "cloud.businessAccountId: Required" });

  const found = new Map<string, { name: string; language: string; category: string; status: string; components: TemplateComponent[] }>();
  let url: string | undefined = `${c.graphUrl}/${c.apiVersion}/${encodeURIComponent(c.businessAccountId)}/message_templates?fields=name,language,category,status,components&limit=${PAGE_SIZE}`;
  const origin = new URL(c.graphUrl).origin;
  for (let n = 0; url && n < MAX_PAGES; n++) {
    const { data, next }: { data: GraphTemplate[]; next?: string } = await page(url, c.accessToken);
    for (const t of data) {
      if (typeof t.name !== "string" || typeof t.language !== "string" || !t.name || !t.language) continue;
      found.set(`${t.name}|${t.language}`, {
        name: t.name,
        language: t.language,
        category: typeof t.category === "string" ? t.category : "",
        status: typeof t.status === "string" ? t.status : "",
        components: componentsOf(t.components),
      });
    }
    // the next page is followed on Graph only: the token never goes to another host
    url = next && URL.canParse(next) && new URL(next).origin === origin ? next : undefined;
  }

  const list = [...found.values()];
  await ctx.db.transaction(async (tx) => {
    if (list.length)
      await tx
        .insert(whatsappTemplates)
        .values(list.map((t) => ({ ...t, companyId: whatsapp.companyId, whatsappId: whatsapp.id })))
        .onConflictDoUpdate({
          target: [whatsappTemplates.whatsappId, whatsappTemplates.name, whatsappTemplates.language],
          set: { category: sql`excluded.category`, status: sql`excluded.status`, components: sql`excluded.components`, updatedAt: new Date() },
        });
    const kept = list.map((t) => `${t.name}|${t.language}`);
    await tx
      .delete(whatsappTemplates)
      .where(
        and(
          eq(whatsappTemplates.companyId, whatsapp.companyId),
          eq(whatsappTemplates.whatsappId, whatsapp.id),
          ...(kept.length ? [notInArray(sql`${whatsappTemplates.name} || '|' || ${whatsappTemplates.language}`, kept)] : []),
        ),
      );
  });
  return list.length;
}
