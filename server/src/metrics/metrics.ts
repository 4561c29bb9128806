import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export type Direction = "inbound" | "outbound";

/**
 * The process's Prometheus figures, one registry per app (tests build several apps in one
 * process). Counters are moved where the work happens; gauges read their value when scraped.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: "balcao_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code.",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: "balcao_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly messages = new Counter({
    name: "balcao_messages_total",
    help: "WhatsApp messages received from customers (inbound) or sent through the channel (outbound), by channel.",
    labelNames: ["direction", "channel"] as const,
    registers: [this.registry],
  });

  readonly sendFailures = new Counter({
    name: "balcao_message_send_failures_total",
    help: "Outbound messages the channel refused, by channel.",
    labelNames: ["channel"] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: "balcao_" });
  }

  /** A gauge whose value is read when Prometheus scrapes; a failed read leaves it empty rather than failing the scrape. */
  gauge<L extends string>(name: string, help: string, labelNames: readonly L[], read: (set: (labels: Partial<Record<L, string>>, value: number) => void) => Promise<void> | void) {
    const gauge: Gauge<L> = new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        gauge.reset();
        await Promise.resolve(read((labels, value) => gauge.set(labels as never, value))).catch(() => undefined);
      },
    });
    return gauge;
  }
}
