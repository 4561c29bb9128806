import { describe, expect, it } from "vitest";
import { isCampaignEditable } from "./campaignStatus";

const now = Date.parse("2026-05-01T12:00:00Z");
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe("isCampaignEditable", () => {
  it("lets a new, inactive or cancelled campaign be saved", () => {
    expect(isCampaignEditable(null, now)).toBe(true);
    expect(isCampaignEditable({ status: "INATIVA", scheduledAt: null }, now)).toBe(true);
    expect(isCampaignEditable({ status: "CANCELADA", scheduledAt: at(-10) }, now)).toBe(true);
  });

  it("lets a scheduled campaign be saved only more than an hour before its start", () => {
    expect(isCampaignEditable({ status: "PROGRAMADA", scheduledAt: at(61) }, now)).toBe(true);
    expect(isCampaignEditable({ status: "PROGRAMADA", scheduledAt: at(60) }, now)).toBe(false);
    expect(isCampaignEditable({ status: "PROGRAMADA", scheduledAt: at(5) }, now)).toBe(false);
  });

  it("keeps running and finished campaigns read-only", () => {
    expect(isCampaignEditable({ status: "EM_ANDAMENTO", scheduledAt: at(-5) }, now)).toBe(false);
    expect(isCampaignEditable({ status: "FINALIZADA", scheduledAt: at(-500) }, now)).toBe(false);
  });
});
