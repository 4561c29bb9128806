import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { importMappings } from "../../db/schema";

export const SOURCE = "whaticket";

/** Which row here each source row became, per source table, as earlier runs and this one recorded them. */
export class Mappings {
  private maps = new Map<string, Map<string, number>>();
  /** Per table, the company each target row belongs to. */
  private owners = new Map<string, Map<number, number>>();
  private fake = 0;
  constructor(
    private readonly db: Db,
    private readonly dryRun: boolean,
  ) {}

  map(table: string) {
    let m = this.maps.get(table);
    if (!m) this.maps.set(table, (m = new Map()));
    return m;
  }
  owner(table: string, targetId: number) {
    return this.owners.get(table)?.get(targetId);
  }
  setOwner(table: string, targetId: number, companyId: number | null) {
    if (companyId === null) return;
    let m = this.owners.get(table);
    if (!m) this.owners.set(table, (m = new Map()));
    m.set(targetId, companyId);
  }
  get(table: string, id: unknown) {
    return id === null || id === undefined ? undefined : this.map(table).get(String(id));
  }
  /** Every row of a table that earlier runs moved in. */
  async load(table: string) {
    const rows = await this.db
      .select({ s: importMappings.sourceId, t: importMappings.targetId, c: importMappings.companyId })
      .from(importMappings)
      .where(and(eq(importMappings.source, SOURCE), eq(importMappings.sourceTable, table)));
    for (const r of rows) {
      this.map(table).set(r.s, r.t);
      this.setOwner(table, r.t, r.c);
    }
  }
  /** Those of the given ids that earlier runs moved in (tables too large to hold whole: messages). */
  async loadSome(table: string, ids: string[]) {
    if (!ids.length) return;
    const rows = await this.db
      .select({ s: importMappings.sourceId, t: importMappings.targetId })
      .from(importMappings)
      .where(and(eq(importMappings.source, SOURCE), eq(importMappings.sourceTable, table), inArray(importMappings.sourceId, ids)));
    for (const r of rows) this.map(table).set(r.s, r.t);
  }
  fakeId() {
    return --this.fake;
  }
  get isDry() {
    return this.dryRun;
  }
}
