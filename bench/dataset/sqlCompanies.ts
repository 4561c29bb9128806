import { DEFAULT_SETTINGS } from "@balcao/common";
import type { CompanyPlan } from "./shape";
import { element, pick, rnd, SALT } from "./sqlRandom";
import { FIRST_NAMES, LAST_NAMES, QUEUE_COLORS, QUEUE_NAMES, TAG_NAMES, sqlArray } from "./texts";

/** Where each company's rows start: ids are given explicitly so rows can point at each other in one statement. */
export interface Bases {
  company: number;
  contact: number;
  ticket: number;
  queue: number;
  user: number;
  whatsapp: number;
  tag: number;
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The plan as a table the bulk statements join (dropped when the build ends). */
export function planTable(plan: CompanyPlan[], bases: Bases): string[] {
  const rows: string[] = [];
  const at = { ...bases };
  for (const c of plan) {
    rows.push(
      `(${at.company + c.rank}, ${c.rank}, ${lit(c.name)}, ${c.contacts}, ${c.tickets}, ${c.queues}, ${c.attendants}, ${c.connections}, ${c.tags}, ` +
        `${c.pPending}, ${c.pOpen}, ${c.pNoQueue}, ${c.msgMin}, ${c.msgMax}, ${c.maxUnread}, ${c.pMedia}, ${c.pTagged}, ` +
        `${at.contact}, ${at.ticket}, ${at.queue}, ${at.user}, ${at.whatsapp}, ${at.tag})`,
    );
    at.contact += c.contacts;
    at.ticket += c.tickets;
    at.queue += c.queues;
    at.user += 2 + c.attendants;
    at.whatsapp += c.connections;
    at.tag += c.tags;
  }
  return [
    `drop table if exists bench_plan`,
    `create table bench_plan (company_id int primary key, rank int, name text, contacts int, tickets int, queues int, attendants int,
      connections int, tags int, p_pending float8, p_open float8, p_no_queue float8, msg_min int, msg_max int, max_unread int, p_media float8, p_tagged float8,
      contact_base int, ticket_base int, queue_base int, user_base int, whatsapp_base int, tag_base int)`,
    `insert into bench_plan values ${rows.join(",\n")}`,
  ];
}

const settingsValues = Object.entries(DEFAULT_SETTINGS)
  .map(([k, v]) => `(${lit(k)}, ${lit(v)})`)
  .join(", ");

/** Companies and what they are made of: settings, queues, people, connections, tags, contacts. */
export function companyStatements(opts: { planId: number; passwordHash: string; tokenSalt: string; now: string }): string[] {
  const firstNames = sqlArray(FIRST_NAMES);
  const lastNames = sqlArray(LAST_NAMES);
  const attendantName = (u: string) =>
    `${element(firstNames, `p.company_id * 100 + ${u}`, SALT.attendantFirst, FIRST_NAMES.length)} || ' ' || ${element(lastNames, `p.company_id * 100 + ${u}`, SALT.attendantLast, LAST_NAMES.length)}`;
  return [
    `insert into companies (id, name, email, phone, plan_id, status, due_date, recurrence) overriding system value
      select company_id, name, 'bench-c' || rank || '@example.com', '(11) 4000-' || lpad(rank::text, 4, '0'), ${opts.planId}, true, current_date + 365, 'MENSAL'
      from bench_plan`,
    `insert into settings (company_id, key, value) select p.company_id, s.key, s.value from bench_plan p cross join (values ${settingsValues}) as s(key, value)`,
    `insert into queues (id, company_id, name, color, greeting_message, order_queue) overriding system value
      select p.queue_base + q, p.company_id, (${sqlArray(QUEUE_NAMES)})[q], (${sqlArray(QUEUE_COLORS)})[q], '', q
      from bench_plan p cross join lateral generate_series(1, p.queues) q`,
    // user 1 is the company's admin, user 2 a second admin (the browser's), the rest attendants
    `insert into users (id, company_id, name, email, password_hash, profile, all_ticket) overriding system value
      select p.user_base + u, p.company_id,
        case u when 1 then 'Admin ' || p.name when 2 then 'Supervisor ' || p.name else ${attendantName("u")} end,
        case u when 1 then 'bench.admin.' || p.rank when 2 then 'bench.supervisor.' || p.rank else 'bench.agent.' || p.rank || '.' || (u - 2) end || '@example.com',
        ${lit(opts.passwordHash)}, case when u <= 2 then 'admin' else 'user' end, case when u <= 2 then 'enabled' else 'desabled' end
      from bench_plan p cross join lateral generate_series(1, 2 + p.attendants) u`,
    // every attendant serves the first queue; every other one a second queue too
    `insert into user_queues (company_id, user_id, queue_id)
      select p.company_id, p.user_base + u, p.queue_base + 1 from bench_plan p cross join lateral generate_series(3, 2 + p.attendants) u
      union all
      select p.company_id, p.user_base + u, p.queue_base + 2 + (u % (p.queues - 1)) from bench_plan p cross join lateral generate_series(3, 2 + p.attendants) u where u % 2 = 0`,
    `insert into whatsapps (id, company_id, name, channel, status, is_default, number, token, greeting_message) overriding system value
      select p.whatsapp_base + w, p.company_id, 'Sandbox ' || w, 'sandbox', 'CONNECTED', w = 1, 'sandbox-' || (p.whatsapp_base + w),
        md5(${lit(opts.tokenSalt)} || ':' || (p.whatsapp_base + w)) || md5((p.whatsapp_base + w) || ':' || ${lit(opts.tokenSalt)}),
        'Olá! Seja bem-vindo(a). Escolha o departamento:'
      from bench_plan p cross join lateral generate_series(1, p.connections) w`,
    `insert into whatsapp_queues (company_id, whatsapp_id, queue_id)
      select p.company_id, p.whatsapp_base + w, p.queue_base + q
      from bench_plan p cross join lateral generate_series(1, p.connections) w cross join lateral generate_series(1, p.queues) q`,
    `insert into tags (id, company_id, name, color, kanban) overriding system value
      select p.tag_base + g, p.company_id, (${sqlArray(TAG_NAMES)})[g], (${sqlArray(QUEUE_COLORS)})[1 + g % 5], 0
      from bench_plan p cross join lateral generate_series(1, p.tags) g`,
    `insert into contacts (id, company_id, name, number, email, whatsapp_id, created_at, updated_at) overriding system value
      select p.contact_base + c, p.company_id,
        ${element(firstNames, "p.contact_base + c", SALT.contactFirst, FIRST_NAMES.length)} || ' ' || ${element(lastNames, "p.contact_base + c", SALT.contactLast, LAST_NAMES.length)},
        '55' || (11 + c % 89)::text || '9' || lpad(c::text, 8, '0'), '', p.whatsapp_base + 1 + (c % p.connections),
        ${opts.now} - ${rnd("p.contact_base + c", SALT.contactAge)} * interval '120 days', ${opts.now} - ${rnd("p.contact_base + c", SALT.contactAge)} * interval '120 days'
      from bench_plan p cross join lateral generate_series(1, p.contacts) c`,
  ];
}

/** The sequences of tables filled with explicit ids continue after them. */
export const sequenceStatements = ["companies", "queues", "users", "whatsapps", "tags", "contacts", "tickets"].map((t) => `select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);

export const pickAttendant = (j: string) => `p.user_base + 3 + ${pick(j, SALT.user, "p.attendants")}`;
