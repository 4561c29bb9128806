import { describe, expect, it } from "vitest";
import { queueBody } from "./queues";
import { queueOptionBody, queueOptionsQuery } from "./queueOptions";
import { companySchedulesBody } from "./schedules";

const firstIssue = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error && [r.error.issues[0].path.join("."), r.error.issues[0].message];

describe("queue schemas", () => {
  it("read the form's texts: an empty order is none, ids may come as text", () => {
    expect(queueBody.parse({ name: " Vendas ", color: "#fff", orderQueue: "" })).toMatchObject({ name: "Vendas", orderQueue: null, greetingMessage: "" });
    expect(queueBody.parse({ name: "Vendas", color: "#fff", orderQueue: "0", promptId: "" })).toMatchObject({ orderQueue: 0, promptId: null });
    expect(firstIssue(queueBody.safeParse({ name: "Vendas", color: "#fff", orderQueue: "primeiro" }))).toEqual(["orderQueue", "Invalid value"]);
  });

  it("accept only HH:MM times in schedules", () => {
    const entry = { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "08:00", endTime: "23:59" };
    expect(companySchedulesBody.parse({ schedules: [entry] }).schedules).toEqual([entry]);
    expect(firstIssue(companySchedulesBody.safeParse({ schedules: [{ ...entry, startTime: "8:00" }] }))).toEqual(["schedules.0.startTime", "Invalid value"]);
    expect(firstIssue(companySchedulesBody.safeParse({ schedules: [{ ...entry, endTime: "24:00" }] }))).toEqual(["schedules.0.endTime", "Invalid value"]);
  });

  it("read parentId -1 as the top level", () => {
    expect(queueOptionsQuery.parse({ queueId: "3", parentId: "-1" })).toEqual({ queueId: 3, parentId: null });
    expect(queueOptionsQuery.parse({ parentId: "7" })).toEqual({ parentId: 7 });
    expect(queueOptionBody.parse({ queueId: 3, parentId: -1, title: "Vendas", option: 1 })).toEqual({ queueId: 3, parentId: null, title: "Vendas", option: "1", message: "" });
  });
});
