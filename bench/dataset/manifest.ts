import type { Database } from "../../server/src/db/client";

/** What the measuring parts need to know about a built dataset (read once, before the server starts). */
export interface CompanyInfo {
  id: number;
  rank: number;
  name: string;
  adminEmail: string;
  supervisorEmail: string;
  agentEmails: string[];
  /** Ids of the attendants, in the order of agentEmails. */
  agentIds: number[];
  /** Each attendant's queues, in the order of agentEmails. */
  agentQueueIds: number[][];
  /** The company's queues, its first queue (every attendant's) first. */
  queueIds: number[];
  whatsapps: { id: number; token: string }[];
  /** A ticket in the first queue (or to be moved there) whose updates the fan-out measures. */
  fanoutTicket: { id: number; queueId: number | null };
  /** Numbers of existing customers of the company's first connection, to write as a known customer. */
  contactNumbers: string[];
}

export interface Manifest {
  companies: CompanyInfo[];
  /** The company the read paths and inbound measure: the largest one. */
  target: {
    companyId: number;
    pendingTicketIds: number[];
    openTicketIds: number[];
    /** Tickets whose conversation is longer than one page, for the older page. */
    longConversationIds: number[];
  };
  counts: Record<string, number>;
}

export async function readManifest(database: Database): Promise<Manifest> {
  const q = <T>(sql: string, values?: unknown[]) => database.query<T>(sql, values);
  const companies = await q<{ company_id: number; rank: number; name: string; queue_base: number; queues: number }>(`select company_id, rank, name, queue_base, queues from bench_plan order by rank`);
  const users = await q<{ company_id: number; id: number; email: string }>(`select company_id, id, email from users where email like 'bench.%' order by id`);
  const memberships = await q<{ user_id: number; queue_id: number }>(`select user_id, queue_id from user_queues order by user_id, queue_id`);
  const wapps = await q<{ company_id: number; id: number; token: string }>(`select company_id, id, token from whatsapps order by id`);
  const fanout = await q<{ company_id: number; id: number; queue_id: number | null }>(
    `select distinct on (t.company_id) t.company_id, t.id, t.queue_id from tickets t join bench_plan p on p.company_id = t.company_id
     order by t.company_id, (t.queue_id = p.queue_base + 1) desc, (t.status <> 'closed') desc, t.id`,
  );
  const numbers = await q<{ company_id: number; number: string }>(
    // customers of the company's first connection, where the inbound load writes
    `select company_id, number from (
       select c.company_id, c.number, row_number() over (partition by c.company_id order by c.id) r
       from contacts c join bench_plan p on p.company_id = c.company_id where c.whatsapp_id = p.whatsapp_base + 1) c where r <= 500`,
  );
  const info: CompanyInfo[] = companies.map((c) => {
    const people = users.filter((u) => u.company_id === c.company_id);
    const emails = people.map((u) => u.email);
    const agents = people.filter((u) => u.email.startsWith("bench.agent."));
    const ticket = fanout.find((f) => f.company_id === c.company_id)!;
    return {
      id: c.company_id,
      rank: c.rank,
      name: c.name,
      adminEmail: emails.find((e) => e.startsWith("bench.admin."))!,
      supervisorEmail: emails.find((e) => e.startsWith("bench.supervisor."))!,
      agentEmails: agents.map((u) => u.email),
      agentIds: agents.map((u) => u.id),
      agentQueueIds: agents.map((u) => memberships.filter((m) => m.user_id === u.id).map((m) => m.queue_id)),
      queueIds: Array.from({ length: c.queues }, (_, i) => c.queue_base + 1 + i),
      whatsapps: wapps.filter((w) => w.company_id === c.company_id).map((w) => ({ id: w.id, token: w.token })),
      fanoutTicket: { id: ticket.id, queueId: ticket.queue_id },
      contactNumbers: numbers.filter((n) => n.company_id === c.company_id).map((n) => n.number),
    };
  });
  const target = info[0].id;
  const ids = async (status: string) => (await q<{ id: number }>(`select id from tickets where company_id = $1 and status = $2 order by updated_at desc limit 200`, [target, status])).map((r) => r.id);
  const long = await q<{ id: number }>(
    `with conv as (select t.contact_id, t.whatsapp_id, count(*) n from messages m join tickets t on t.id = m.ticket_id where t.company_id = $1 group by 1, 2)
     select t.id from tickets t join conv on conv.contact_id = t.contact_id and conv.whatsapp_id = t.whatsapp_id
     where t.company_id = $1 and conv.n > 20 order by t.updated_at desc limit 200`,
    [target],
  );
  const counts: Record<string, number> = {};
  for (const table of ["companies", "users", "queues", "whatsapps", "contacts", "tickets", "messages", "ticket_trackings", "ticket_tags"]) {
    const [row] = await q<{ n: string }>(`select count(*) n from ${table}`);
    counts[table] = Number(row.n);
  }
  const [media] = await q<{ n: string }>(`select count(*) n from messages where media_path is not null`);
  counts.mediaMessages = Number(media.n);
  return {
    companies: info,
    target: { companyId: target, pendingTicketIds: await ids("pending"), openTicketIds: await ids("open"), longConversationIds: long.map((r) => r.id) },
    counts,
  };
}
