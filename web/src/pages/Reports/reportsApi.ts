import type { ServiceReportDimension } from "@balcao/common";
import { api } from "../../api/client";
import { currentLanguage } from "../../i18n";

/** Average, median and 90th percentile in seconds; null when nothing was measured. */
export interface Timing {
  avgSeconds: number | null;
  medianSeconds: number | null;
  p90Seconds: number | null;
}

/** One row of GET /reports/service: a day (key yyyy-MM-dd) or a record (key its id; null for none). */
export interface ServiceReportRow {
  key: string | null;
  label: string | null;
  conversations: number;
  resolved: number;
  answered: number;
  firstResponse: Timing;
  resolution: Timing;
  ratings: { 1: number; 2: number; 3: number };
  rated: number;
  ratedShare: number | null;
  averageRating: number | null;
}

export interface ServiceReport {
  timeZone: string;
  from: string;
  to: string;
  groupBy: ServiceReportDimension;
  totals: ServiceReportRow;
  rows: ServiceReportRow[];
}

export interface ServiceReportParams {
  from: string;
  to: string;
  groupBy: ServiceReportDimension;
}

export const reportKeys = {
  service: (params: ServiceReportParams) => ["reports", "service", params] as const,
};

export async function fetchServiceReport(params: ServiceReportParams): Promise<ServiceReport> {
  const { data } = await api.get<ServiceReport>("/reports/service", { params });
  return data;
}

/**
 * Downloads a report table (CSV or XLSX) with the bearer token, its headers in the user's current
 * language (`lang`), and saves it under the server's file name; `onProgress` gets 0–100, or null
 * while the size is unknown (no Content-Length).
 */
export async function downloadReport(path: string, params: object, format: "csv" | "xlsx", onProgress: (percent: number | null) => void): Promise<void> {
  const response = await api.get<Blob>(path, {
    params: { ...params, format, lang: currentLanguage() },
    responseType: "blob",
    onDownloadProgress: (event) => onProgress(event.total ? Math.min(100, Math.round((event.loaded / event.total) * 100)) : null),
  });
  onProgress(100);
  const disposition = String(response.headers["content-disposition"] ?? "");
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `report.${format}`;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
