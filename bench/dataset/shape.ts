import type { Size } from "../lib/options";

/** What one company of the dataset holds; the builder turns each into bulk SQL. */
export interface CompanyPlan {
  rank: number;
  name: string;
  contacts: number;
  tickets: number;
  queues: number;
  attendants: number;
  connections: number;
  tags: number;
  /** Share of a contact's first ticket that is pending / open (the rest, and later tickets, are closed). */
  pPending: number;
  pOpen: number;
  /** Share of pending tickets of no queue: new customers who have not yet chosen from the greeting's queue menu. */
  pNoQueue: number;
  /** Messages per ticket, drawn uniformly in [min, max]. */
  msgMin: number;
  msgMax: number;
  /** Unread messages of a pending ticket, drawn uniformly in [0, maxUnread]. */
  maxUnread: number;
  /** Share of messages that carry media (a row with a media path, no file behind it). */
  pMedia: number;
  /** Share of tickets with a tag. */
  pTagged: number;
}

const COMPANIES = 50;
/** Tickets over all companies, with 10 messages a ticket on average. */
const TICKETS: Record<Exclude<Size, "reference">, number> = { small: 1_000, medium: 20_000, large: 200_000 };

/**
 * 50 companies whose sizes follow 1/rank: the first holds about a fifth of everything, the
 * next few are large, most are small (a handful of tickets), as on a shared SaaS server.
 */
function spreadPlan(totalTickets: number): CompanyPlan[] {
  const harmonic = Array.from({ length: COMPANIES }, (_, i) => 1 / (i + 1)).reduce((a, b) => a + b, 0);
  return Array.from({ length: COMPANIES }, (_, i) => {
    const rank = i + 1;
    const tickets = Math.max(4, Math.round((totalTickets * (1 / rank)) / harmonic));
    return {
      rank,
      name: `Bench ${String(rank).padStart(2, "0")}`,
      contacts: Math.max(3, Math.ceil(tickets * 0.8)),
      tickets,
      queues: 2 + (rank % 4),
      attendants: Math.min(40, Math.max(3, Math.round(tickets / 400))),
      connections: 1 + (rank % 3),
      tags: 6,
      pPending: 0.15,
      pOpen: 0.15,
      pNoQueue: 0.2,
      msgMin: 1,
      msgMax: 19,
      maxUnread: 5,
      pMedia: 0.05,
      pTagged: 0.2,
    };
  });
}

/**
 * The fixed reference workload: one company, 20,000 contacts, 20,000 tickets (30% pending
 * with 0–5 unread, 20% open, 50% closed), two queues, updatedAt over 90 days, 20 messages a ticket.
 */
function referencePlan(): CompanyPlan[] {
  return [
    {
      rank: 1,
      name: "Bench Referência",
      contacts: 20_000,
      tickets: 20_000,
      queues: 2,
      attendants: 10,
      connections: 1,
      tags: 6,
      pPending: 0.3,
      pOpen: 0.2,
      pNoQueue: 0,
      msgMin: 20,
      msgMax: 20,
      maxUnread: 5,
      pMedia: 0.05,
      pTagged: 0.2,
    },
  ];
}

export function planFor(size: Size): CompanyPlan[] {
  return size === "reference" ? referencePlan() : spreadPlan(TICKETS[size]);
}

export function totals(plan: CompanyPlan[]) {
  const sum = (f: (c: CompanyPlan) => number) => plan.reduce((a, c) => a + f(c), 0);
  return {
    companies: plan.length,
    contacts: sum((c) => c.contacts),
    tickets: sum((c) => c.tickets),
    approxMessages: Math.round(sum((c) => (c.tickets * (c.msgMin + c.msgMax)) / 2)),
  };
}
