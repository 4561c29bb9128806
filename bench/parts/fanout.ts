import { performance } from "node:perf_hooks";
import type { Socket } from "socket.io-client";
import type { CompanyInfo } from "../dataset/manifest";
import { api, connectSocket } from "../lib/http";
import { fmt, type PartResult } from "../lib/results";
import { load1, percentiles, sleep } from "../lib/stats";
import type { PartContext } from "./context";

interface Listener {
  socket: Socket;
  companyId: number;
}

/** `count` attendants' sockets spread evenly over the companies (attendants first, then the supervisor). */
function pickUsers(companies: CompanyInfo[], count: number) {
  const perCompany = Math.ceil(count / companies.length);
  const picked: { company: CompanyInfo; email: string }[] = [];
  for (const company of companies) {
    const people = [...company.agentEmails, company.supervisorEmail];
    for (let i = 0; i < perCompany && picked.length < count; i++) picked.push({ company, email: people[i % people.length] });
  }
  return picked;
}

/**
 * Realtime fan-out: sockets of attendants of every company join the ticket rooms; each round
 * every company's admin changes the assignee of one ticket in the first queue (every attendant's
 * queue), all at once. Measured: request → `company-{id}-ticket` at each socket of that company;
 * any event of another company at a socket is a leak.
 */
export async function runFanout(ctx: PartContext): Promise<PartResult> {
  const before = load1();
  const companies = ctx.manifest.companies;
  const users = pickUsers(companies, ctx.options.sockets);
  const listeners: Listener[] = [];
  const leaks: string[] = [];
  const latencies: number[] = [];
  /** ticket id → round → when the update was sent */
  const sentAt = new Map<string, number>();
  let received = 0;
  let expected = 0;
  try {
    ctx.say(`  fanout: connecting ${users.length} sockets over ${companies.length} companies`);
    for (const { company, email } of users) {
      // distinct emails log in once; a repeated email reuses its session
      const socket = await connectSocket(ctx.server.url, await ctx.sessions.token(email));
      const own = `company-${company.id}-`;
      socket.onAny((event: string, payload: { ticket?: { companyId?: number; id?: number; userId?: number | null } }) => {
        if (!event.startsWith(own) || (payload?.ticket?.companyId !== undefined && payload.ticket.companyId !== company.id)) leaks.push(`${event} at a socket of company ${company.id}`);
        if (event === `${own}ticket` && payload.ticket?.id === company.fanoutTicket.id) {
          const t0 = sentAt.get(`${payload.ticket.id}:${payload.ticket.userId}`);
          if (t0 !== undefined) {
            latencies.push(performance.now() - t0);
            received++;
          }
        }
      });
      for (const status of ["open", "pending", "closed"]) socket.emit("joinTickets", status);
      socket.emit("joinNotification");
      listeners.push({ socket, companyId: company.id });
    }
    await sleep(1_000);
    // the ticket of each company moves to the first queue once, so every attendant's room hears it
    const admins = new Map<number, string>();
    for (const company of companies) {
      const token = await ctx.sessions.token(company.adminEmail);
      admins.set(company.id, token);
      if (company.fanoutTicket.queueId !== company.queueIds[0]) await api(ctx.server.url, "PUT", `/tickets/${company.fanoutTicket.id}`, { queueId: company.queueIds[0] }, token);
    }
    await sleep(500);
    const socketsOf = new Map<number, number>();
    for (const l of listeners) socketsOf.set(l.companyId, (socketsOf.get(l.companyId) ?? 0) + 1);
    ctx.say(`  fanout: ${ctx.options.fanoutRounds} rounds of one update per company`);
    for (let round = 0; round < ctx.options.fanoutRounds; round++) {
      await Promise.all(
        companies.map(async (company) => {
          // alternate between two attendants; the user id is part of the event, so rounds are told apart
          const userId = company.agentIds[round % Math.min(2, company.agentIds.length)];
          sentAt.set(`${company.fanoutTicket.id}:${userId}`, performance.now());
          expected += socketsOf.get(company.id) ?? 0;
          await api(ctx.server.url, "PUT", `/tickets/${company.fanoutTicket.id}`, { userId }, admins.get(company.id));
        }),
      );
      await sleep(300);
    }
    await sleep(1_000);
  } finally {
    for (const l of listeners) l.socket.close();
  }
  const p = percentiles(latencies);
  return {
    part: "fanout",
    backend: ctx.backend,
    size: ctx.size,
    load: { before, after: load1() },
    tables: [
      {
        title: `Realtime fan-out (${listeners.length} sockets, ${companies.length} companies, ${ctx.options.fanoutRounds} rounds of one update per company at once)`,
        headers: ["events expected", "received", "p50 ms", "p95 ms", "p99 ms", "max ms", "cross-company events"],
        rows: [[expected, received, fmt(p.p50), fmt(p.p95), fmt(p.p99), fmt(p.max), leaks.length]],
      },
    ],
    targets: [{ target: "fan-out: no event reaches another company's socket", measured: `${leaks.length} cross-company events, ${received}/${expected} delivered`, met: leaks.length === 0 && received === expected }],
    notes: ["An update alternates the ticket's attendant between two users; latency is from sending PUT /tickets/:id to the `ticket` event at each socket of the company (admins and attendants).", ...leaks.slice(0, 5)],
    data: { latency: p, expected, received, leaks: leaks.length },
  };
}
