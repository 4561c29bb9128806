import { z } from "zod";
import { file, object } from "../../http/responses/shapes";

const count = z.number().int();

const seconds = z.number().nullable().meta({ description: "Whole seconds; null when no cycle of the row was measured." });
const timing = (what: string) => object({ avgSeconds: seconds, medianSeconds: seconds, p90Seconds: seconds }).meta({ description: `${what}: average, median and 90th percentile (percentile_cont).` });

const serviceRow = object({
  key: z.string().nullable().meta({ description: "The group: a yyyy-MM-dd company day, or the attendant's, queue's, connection's or tag's id as text; null for the cycles without one." }),
  label: z.string().nullable().meta({ description: "The day, or the record's name; null for the key null or a deleted record." }),
  conversations: count.meta({ description: "Service cycles queued in the period (a ticket reopened counts again)." }),
  resolved: count.meta({ description: "Of those, the finished ones." }),
  answered: count.meta({ description: "Of those, the ones a person answered." }),
  firstResponse: timing("From queued to the first message a person sent"),
  resolution: timing("From queued to finished"),
  ratings: object({ 1: count, 2: count, 3: count }).meta({ description: "Rated cycles per answer: 1 unsatisfied, 2 satisfied, 3 very satisfied." }),
  rated: count.meta({ description: "Rated cycles." }),
  ratedShare: z.number().nullable().meta({ description: "rated ÷ resolved, 0–1 (four decimals); null with nothing resolved." }),
  averageRating: z.number().nullable().meta({ description: "Average answer, 1–3 (two decimals); null with none." }),
});

export const serviceReportResponses = {
  200: z
    .union([
      object({
        timeZone: z.string().meta({ description: "The company's IANA time zone the days are counted in." }),
        from: z.string(),
        to: z.string(),
        groupBy: z.enum(["day", "attendant", "queue", "connection", "tag"]),
        totals: serviceRow.meta({ description: "The whole period, each cycle once (key and label null)." }),
        rows: z.array(serviceRow).meta({
          description: "One row per group: every day of the period in order (zeros included), or the groups with cycles by name, the key null last. By tag a cycle counts in each of its ticket's tags.",
        }),
      }),
      file,
    ])
    .meta({ description: "The service report (format=json), or the same rows as a CSV or XLSX download (format=csv|xlsx)." }),
};
