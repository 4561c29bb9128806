import PgBoss from "pg-boss";
import { JOBS_SCHEMA } from "../db/jobTables";
import type { AppContext } from "../context";
import { redeliverPending, retryDueSends } from "../automation/outbox";
import { registerSendRetryWaker, unregisterSendRetryWaker } from "./sendRetryWakeups";
import { answerLeftDue } from "../automation/ai/sweep";
import { createQueue } from "./createQueue";
import { runTicketSweep } from "../automation/ticketSweep";
import { runSlaSweep } from "../automation/slaSweep";
import { assignEverywhere } from "../automation/assignment/sweep";
import { sendDueSchedules } from "../automation/sendDueSchedules";
import { makeDueInvoices } from "../automation/makeDueInvoices";
import { registerScheduleWaker, unregisterScheduleWaker } from "./scheduleWakeups";
import { deliverDueWebhooks } from "./deliverWebhooks";
import { registerWebhookWaker, unregisterWebhookWaker } from "./webhookWakeups";
import { deleteMarkedCompanies } from "../automation/deleteCompanies";
import { registerCompanyDeletionWaker, unregisterCompanyDeletionWaker } from "./companyDeletionWakeups";
import { checkContactListNumbers } from "../automation/checkContactListNumbers";
import { registerContactListCheckWaker, unregisterContactListCheckWaker } from "./contactListCheckWakeups";
import { sweepCampaigns, stopCampaignSenders } from "../automation/campaigns/runner";
import { registerCampaignWaker, unregisterCampaignWaker } from "./campaignWakeups";
import { runDueIntegrationCalls } from "../automation/integrations/calls";
import { registerIntegrationWaker, unregisterIntegrationWaker } from "../automation/integrations/wakeups";

const SWEEP = "ticket-sweep";
// a queue of its own: a schedule is also woken on its exact time by a delayed job, not only by the minute sweep
const SCHEDULES = "send-due-schedules";
// woken when a delivery is recorded and at each retry's time; the minute sweep catches the rest
const WEBHOOKS = "deliver-webhooks";
// a company's deletion: queued once per company when asked for; the sweep finds any request a stop left behind
const COMPANY_DELETIONS = "delete-companies";
// each company's invoice, days before its due date: every 5 minutes, and at start for the time a stop missed
const INVOICES = "make-due-invoices";
// contact list numbers asked about on WhatsApp: woken by an import or a new number, every minute for the rest;
// one run at a time and one waiting (stately), each run bounded so that a stop never waits for a long list
const CONTACT_LIST_CHECKS = "check-contact-list-numbers";
const CONTACT_LIST_CHECK_CHUNKS = 20;
// campaigns: due ones started and running ones given a sender in this process; every minute, at start
// (a start missed while stopped), at each campaign's time and at a restart. The sweep is quick: senders run beside it.
const CAMPAIGNS = "sweep-campaigns";
// messages a channel turned back for its rate limits: sent again at each one's time, and every minute
const SEND_RETRIES = "retry-due-sends";
// customers' messages a queue integration failed to answer: tried again at each backoff's time, and every minute
const INTEGRATION_CALLS = "retry-integration-calls";
// SLA: due instants stamped where an event missed them, near-breach warnings and breaches recorded; every minute, once across processes
const SLA_SWEEP = "sla-sweep";

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * Durable jobs in the database (pg-boss, on PostgreSQL or PGlite): the minute sweep of the
 * connections' timed rules, which also re-sends automatic messages a stop left pending.
 * The schedule lives in the database, so a sweep due while the server was down runs on start.
 * Scheduled messages: a minute sweep plus a delayed job at each one's time; all sent once.
 * The sweep's rules and the sending of schedules are domain work (automation/): here they are only queued and timed.
 */
export async function startJobs(ctx: AppContext): Promise<JobRunner> {
  const boss = new PgBoss({ db: { executeSql: (text, values) => ctx.database.executeSql(text, values) }, schema: JOBS_SCHEMA });
  boss.on("error", (err) => ctx.log?.error({ err }, "job runner error"));
  await boss.start();
  await createQueue(boss, SWEEP, { name: SWEEP, policy: "singleton", retryLimit: 2, expireInSeconds: 120 });
  await boss.work(SWEEP, { pollingIntervalSeconds: 2 }, async () => {
    await redeliverPending(ctx);
    await runTicketSweep(ctx);
    await answerLeftDue(ctx);
    await assignEverywhere(ctx);
  });
  await boss.schedule(SWEEP, "* * * * *");
  await boss.send(SWEEP, {});
  await createQueue(boss, SCHEDULES, { name: SCHEDULES, policy: "singleton", retryLimit: 2, expireInSeconds: 900 });
  await boss.work(SCHEDULES, { pollingIntervalSeconds: 2 }, async () => {
    await sendDueSchedules(ctx);
  });
  await boss.schedule(SCHEDULES, "* * * * *");
  await boss.send(SCHEDULES, {});
  registerScheduleWaker(ctx, async (at) => {
    await boss.send(SCHEDULES, {}, { startAfter: at, singletonKey: `at-${at.toISOString()}`, singletonSeconds: 60 });
  });
  await createQueue(boss, WEBHOOKS, { name: WEBHOOKS, policy: "standard", retryLimit: 2, expireInSeconds: 900 });
  await boss.work(WEBHOOKS, { pollingIntervalSeconds: 2 }, async () => {
    await deliverDueWebhooks(ctx);
  });
  await boss.schedule(WEBHOOKS, "* * * * *");
  await boss.send(WEBHOOKS, {});
  registerWebhookWaker(ctx, async (at) => {
    // wake-ups of one second (or one due time) are one job
    const slot = at ? { startAfter: at, singletonKey: `at-${at.toISOString()}`, singletonSeconds: 60 } : { singletonKey: "now", singletonSeconds: 1, singletonNextSlot: true };
    await boss.send(WEBHOOKS, {}, slot);
  });
  await createQueue(boss, INVOICES, { name: INVOICES, policy: "singleton", retryLimit: 3, expireInSeconds: 600 });
  await boss.work(INVOICES, { pollingIntervalSeconds: 5 }, async () => {
    await makeDueInvoices(ctx);
  });
  await boss.schedule(INVOICES, "*/5 * * * *");
  await boss.send(INVOICES, {});
  await createQueue(boss, COMPANY_DELETIONS, { name: COMPANY_DELETIONS, policy: "standard", retryLimit: 3, retryDelay: 30, expireInSeconds: 3600 });
  await boss.work<{ companyId?: number }>(COMPANY_DELETIONS, { pollingIntervalSeconds: 2 }, async ([job]) => {
    const companyId = job?.data?.companyId;
    const { failed } = await deleteMarkedCompanies(ctx, companyId ? [companyId] : undefined);
    if (failed) throw new Error("company deletion failed");
  });
  await boss.schedule(COMPANY_DELETIONS, "*/10 * * * *");
  registerCompanyDeletionWaker(ctx, async (companyId) => {
    await boss.send(COMPANY_DELETIONS, { companyId }, { singletonKey: `company-${companyId}` });
  });
  await createQueue(boss, CONTACT_LIST_CHECKS, { name: CONTACT_LIST_CHECKS, policy: "stately", retryLimit: 2, retryDelay: 30, expireInSeconds: 900 });
  await boss.work(CONTACT_LIST_CHECKS, { pollingIntervalSeconds: 2 }, async () => {
    const { more } = await checkContactListNumbers(ctx, { maxChunks: CONTACT_LIST_CHECK_CHUNKS });
    if (more) await boss.send(CONTACT_LIST_CHECKS, {});
  });
  await boss.schedule(CONTACT_LIST_CHECKS, "* * * * *");
  registerContactListCheckWaker(ctx, async () => {
    await boss.send(CONTACT_LIST_CHECKS, {});
  });
  await createQueue(boss, CAMPAIGNS, { name: CAMPAIGNS, policy: "singleton", retryLimit: 2, expireInSeconds: 300 });
  await boss.work(CAMPAIGNS, { pollingIntervalSeconds: 2 }, async () => {
    await sweepCampaigns(ctx);
  });
  await boss.schedule(CAMPAIGNS, "* * * * *");
  await boss.send(CAMPAIGNS, {});
  registerCampaignWaker(ctx, async (at) => {
    await boss.send(CAMPAIGNS, {}, { startAfter: at, singletonKey: `at-${at.toISOString()}`, singletonSeconds: 60 });
  });
  await createQueue(boss, INTEGRATION_CALLS, { name: INTEGRATION_CALLS, policy: "standard", retryLimit: 2, expireInSeconds: 600 });
  await boss.work(INTEGRATION_CALLS, { pollingIntervalSeconds: 2 }, async () => {
    await runDueIntegrationCalls(ctx);
  });
  await boss.schedule(INTEGRATION_CALLS, "* * * * *");
  registerIntegrationWaker(ctx, async (at) => {
    await boss.send(INTEGRATION_CALLS, {}, { startAfter: at, singletonKey: `at-${at.toISOString()}`, singletonSeconds: 60 });
  });
  await createQueue(boss, SEND_RETRIES, { name: SEND_RETRIES, policy: "standard", retryLimit: 2, expireInSeconds: 600 });
  await boss.work(SEND_RETRIES, { pollingIntervalSeconds: 1 }, async () => {
    await retryDueSends(ctx);
  });
  await boss.schedule(SEND_RETRIES, "* * * * *");
  await boss.send(SEND_RETRIES, {});
  registerSendRetryWaker(ctx, async (at) => {
    // wake-ups of one second are one job
    await boss.send(SEND_RETRIES, {}, { startAfter: at, singletonKey: `at-${Math.ceil(at.getTime() / 1000)}`, singletonSeconds: 1 });
  });
  await createQueue(boss, SLA_SWEEP, { name: SLA_SWEEP, policy: "singleton", retryLimit: 2, expireInSeconds: 120 });
  await boss.work(SLA_SWEEP, { pollingIntervalSeconds: 2 }, async () => {
    await runSlaSweep(ctx);
  });
  await boss.schedule(SLA_SWEEP, "* * * * *");
  await boss.send(SLA_SWEEP, {});
  return {
    async stop() {
      unregisterSendRetryWaker(ctx);
      unregisterIntegrationWaker(ctx);
      unregisterCampaignWaker(ctx);
      await stopCampaignSenders(ctx);
      unregisterContactListCheckWaker(ctx);
      unregisterCompanyDeletionWaker(ctx);
      unregisterWebhookWaker(ctx);
      unregisterScheduleWaker(ctx);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
