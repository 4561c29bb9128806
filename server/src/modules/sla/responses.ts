import { z } from "zod";
import { file, id, object } from "../../http/responses/shapes";

const count = z.number().int();
const seconds = z.number().nullable().meta({ description: "Whole seconds from queued (percentile_cont); null when no cycle of the row got there." });
const target = (what: string) =>
  object({ met: count, breached: count.meta({ description: "Missed, or still running past its due instant." }), medianSeconds: seconds, p90Seconds: seconds }).meta({
    description: `${what}: targets met and missed, median and 90th percentile.`,
  });
const ref = object({ id, name: z.string().nullable() }).nullable();

export const slaReportResponses = {
  200: z
    .union([
      object({
        timeZone: z.string().meta({ description: "The company's IANA time zone the days are counted in." }),
        from: z.string(),
        to: z.string(),
        rows: z.array(
          object({
            day: z.string().meta({ description: "The company day (yyyy-MM-dd) the cycles were queued." }),
            queue: ref.meta({ description: "The queue the cycles were timed for; null without one." }),
            user: ref.meta({ description: "The attendant of the cycles; null for those nobody took." }),
            cycles: count,
            firstResponse: target("First response"),
            resolution: target("Resolution"),
          }),
        ),
      }),
      file,
    ])
    .meta({ description: "SLA figures per day, queue and attendant (format=json), or the same rows as a CSV or XLSX download." }),
};
