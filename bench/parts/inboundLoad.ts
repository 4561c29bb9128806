import { performance } from "node:perf_hooks";
import type { Socket } from "socket.io-client";
import { CUSTOMER_LINES } from "../dataset/texts";
import { request } from "../lib/http";
import { sleep } from "../lib/stats";

/** One customer message on its way: when it left, how the HTTP call ended, when its event arrived. */
export interface Delivery {
  seq: number;
  number: string;
  sentAt: number;
  httpMs?: number;
  status?: number;
  eventAt?: number;
}

export const BURST = 20;

/**
 * Sends customers' messages through the sandbox's inbound API and listens for each one's
 * `company-{id}-appMessage` at an admin socket. Bodies carry a marker, so an event can be
 * matched to its request (the presented message has no channel id).
 */
export class InboundLoad {
  readonly deliveries = new Map<number, Delivery>();
  /** The numbers that sent a burst (many messages at once). */
  readonly burstNumbers = new Set<string>();
  private seq = 0;
  private newNumbers = 0;

  constructor(
    private readonly base: string,
    private readonly whatsapp: { id: number; token: string },
    private readonly companyId: number,
    private readonly knownNumbers: string[],
    readonly tag: string,
  ) {}

  /** Notes each of this load's messages' arrival at `socket`; the answer stops listening. */
  listen(socket: Socket) {
    const marker = new RegExp(`\\[b:${this.tag}-(\\d+)\\]`);
    const event = `company-${this.companyId}-appMessage`;
    const arrived = (payload: { action: string; message: { body: string; fromMe: boolean } }) => {
      if (payload.action !== "create" || payload.message.fromMe) return;
      const m = marker.exec(payload.message.body);
      const d = m ? this.deliveries.get(Number(m[1])) : undefined;
      if (d && d.eventAt === undefined) d.eventAt = performance.now();
    };
    socket.on(event, arrived);
    return () => void socket.off(event, arrived);
  }

  externalId = (seq: number) => `BENCHIN-${this.tag}-${seq}`;

  /** Half the customers already exist in the dataset, half write for the first time. */
  pickNumber(i: number) {
    if (i % 2 === 0 && this.knownNumbers.length) return this.knownNumbers[(i / 2) % this.knownNumbers.length];
    return this.freshNumber();
  }

  freshNumber() {
    // the run's tag (6 digits) keeps runs apart; a fresh number is a customer never seen before
    return `5598${this.tag}${String(this.newNumbers++).padStart(5, "0")}`;
  }

  send(number: string, seq = this.seq++, externalId = this.externalId(seq)): Promise<Delivery> {
    const d: Delivery = this.deliveries.get(seq) ?? { seq, number, sentAt: performance.now() };
    this.deliveries.set(seq, d);
    const body = { id: externalId, number, name: `Cliente ${number.slice(-4)}`, body: `${CUSTOMER_LINES[seq % CUSTOMER_LINES.length]} [b:${this.tag}-${seq}]` };
    const t0 = performance.now();
    return request(this.base, "POST", `/sandbox/${this.whatsapp.id}/inbound`, body, this.whatsapp.token).then(
      (res) => {
        d.httpMs = performance.now() - t0;
        d.status = res.status;
        return d;
      },
      () => {
        d.status = 0;
        return d;
      },
    );
  }

  /** Open loop at `rate` messages a second for `seconds`: each second starts with a burst (20) of messages from one new contact. */
  async fixedRate(rate: number, seconds: number, burstSize = BURST) {
    const schedule: { at: number; number: string }[] = [];
    let spread = 0;
    for (let s = 0; s < seconds; s++) {
      const burstNumber = this.freshNumber();
      this.burstNumbers.add(burstNumber);
      const burst = Math.min(burstSize, rate);
      for (let b = 0; b < burst; b++) schedule.push({ at: s * 1000, number: burstNumber });
      const rest = rate - burst;
      for (let k = 0; k < rest; k++) schedule.push({ at: s * 1000 + ((k + 1) * 1000) / (rest + 1), number: this.pickNumber(spread++) });
    }
    const inFlight: Promise<Delivery>[] = [];
    const start = performance.now();
    let next = 0;
    while (next < schedule.length) {
      const elapsed = performance.now() - start;
      while (next < schedule.length && schedule[next].at <= elapsed) inFlight.push(this.send(schedule[next++].number));
      // asleep until the next message is due, rather than waking every millisecond to look
      if (next < schedule.length) await sleep(Math.max(1, Math.ceil(schedule[next].at - (performance.now() - start))));
    }
    await Promise.all(inFlight);
    return { sent: schedule.length, seconds: (performance.now() - start) / 1000 };
  }

  /** Closed loop: `concurrency` requests in flight until `total` are sent; every 200th message starts a burst of 20 on one contact. */
  async fullSpeed(total: number, concurrency: number) {
    const jobs: string[][] = [];
    for (let i = 0; i < total;) {
      if (i % 200 === 0) {
        const n = this.freshNumber();
        this.burstNumbers.add(n);
        const size = Math.min(BURST, total - i);
        jobs.push(Array(size).fill(n));
        i += size;
      } else {
        jobs.push([this.pickNumber(i)]);
        i++;
      }
    }
    const start = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let job = jobs.shift(); job; job = jobs.shift()) await Promise.all(job.map((n) => this.send(n)));
      }),
    );
    return { sent: total, seconds: (performance.now() - start) / 1000 };
  }

  /** Delivers already-sent messages again with their ids: each must answer 200 as a duplicate. */
  async resend(seqs: number[]) {
    const statuses = await Promise.all(
      seqs.map(async (seq) => {
        const d = this.deliveries.get(seq)!;
        const body = { id: this.externalId(seq), number: d.number, body: `repeat [b:${this.tag}-${seq}]` };
        const res = await request<{ duplicate?: boolean }>(this.base, "POST", `/sandbox/${this.whatsapp.id}/inbound`, body, this.whatsapp.token);
        return res.status === 200 && res.body?.duplicate === true;
      }),
    );
    return { resent: seqs.length, answeredAsDuplicate: statuses.filter(Boolean).length };
  }

  /** Waits until every successful delivery's event arrived, or `ms` passed. */
  async settle(ms: number) {
    const deadline = performance.now() + ms;
    while (performance.now() < deadline) {
      if ([...this.deliveries.values()].every((d) => d.status !== 201 || d.eventAt !== undefined)) return;
      await sleep(50);
    }
  }
}
