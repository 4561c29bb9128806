import type { Language, ServiceReportDimension } from "@balcao/common";
import { acceptedLanguage } from "../../lib/language";
import type { TableColumn } from "./export";

/** The headers of GET /reports/service's CSV and XLSX, in column order. */
const SERVICE_KEYS = [
  "key",
  "label",
  "conversations",
  "resolved",
  "answered",
  "firstResponseAvg",
  "firstResponseMedian",
  "firstResponseP90",
  "resolutionAvg",
  "resolutionMedian",
  "resolutionP90",
  "rating1",
  "rating2",
  "rating3",
  "rated",
  "ratedShare",
  "averageRating",
] as const;

/** The headers of GET /reports/sla's CSV and XLSX, in column order. */
const SLA_KEYS = [
  "day",
  "queue",
  "attendant",
  "cycles",
  "firstResponseMet",
  "firstResponseBreached",
  "firstResponseMedian",
  "firstResponseP90",
  "resolutionMet",
  "resolutionBreached",
  "resolutionMedian",
  "resolutionP90",
] as const;

interface ExportTexts {
  service: Record<(typeof SERVICE_KEYS)[number], string>;
  sla: Record<(typeof SLA_KEYS)[number], string>;
  /** The label of the service report's last row. */
  total: string;
  /** The label of a row without a record (no queue, no attendant…); a day always has one. */
  none: Record<Exclude<ServiceReportDimension, "day">, string>;
}

/** Every fixed text of the exports, in each language (the same words as the reports page). */
const TEXTS: Record<Language, ExportTexts> = {
  pt: {
    service: {
      key: "Chave",
      label: "Nome",
      conversations: "Conversas",
      resolved: "Resolvidas",
      answered: "Respondidas",
      firstResponseAvg: "1ª resposta média (s)",
      firstResponseMedian: "1ª resposta mediana (s)",
      firstResponseP90: "1ª resposta p90 (s)",
      resolutionAvg: "Resolução média (s)",
      resolutionMedian: "Resolução mediana (s)",
      resolutionP90: "Resolução p90 (s)",
      rating1: "Avaliações 1",
      rating2: "Avaliações 2",
      rating3: "Avaliações 3",
      rated: "Avaliadas",
      ratedShare: "Parcela avaliada",
      averageRating: "Nota média",
    },
    sla: {
      day: "Dia",
      queue: "Fila",
      attendant: "Atendente",
      cycles: "Atendimentos",
      firstResponseMet: "1ª resposta cumpridos",
      firstResponseBreached: "1ª resposta estourados",
      firstResponseMedian: "1ª resposta mediana (s)",
      firstResponseP90: "1ª resposta p90 (s)",
      resolutionMet: "Resolução cumpridos",
      resolutionBreached: "Resolução estourados",
      resolutionMedian: "Resolução mediana (s)",
      resolutionP90: "Resolução p90 (s)",
    },
    total: "Total",
    none: { attendant: "Sem atendente", queue: "Sem fila", connection: "Sem conexão", tag: "Sem etiqueta" },
  },
  en: {
    service: {
      key: "Key",
      label: "Name",
      conversations: "Conversations",
      resolved: "Resolved",
      answered: "Answered",
      firstResponseAvg: "First response avg (s)",
      firstResponseMedian: "First response median (s)",
      firstResponseP90: "First response p90 (s)",
      resolutionAvg: "Resolution avg (s)",
      resolutionMedian: "Resolution median (s)",
      resolutionP90: "Resolution p90 (s)",
      rating1: "Rated 1",
      rating2: "Rated 2",
      rating3: "Rated 3",
      rated: "Rated",
      ratedShare: "Rated share",
      averageRating: "Average rating",
    },
    sla: {
      day: "Day",
      queue: "Queue",
      attendant: "Attendant",
      cycles: "Cycles",
      firstResponseMet: "First response met",
      firstResponseBreached: "First response breached",
      firstResponseMedian: "First response median (s)",
      firstResponseP90: "First response p90 (s)",
      resolutionMet: "Resolution met",
      resolutionBreached: "Resolution breached",
      resolutionMedian: "Resolution median (s)",
      resolutionP90: "Resolution p90 (s)",
    },
    total: "Total",
    none: { attendant: "No attendant", queue: "No queue", connection: "No connection", tag: "No tag" },
  },
  es: {
    service: {
      key: "Clave",
      label: "Nombre",
      conversations: "Conversaciones",
      resolved: "Resueltas",
      answered: "Respondidas",
      firstResponseAvg: "1.ª respuesta media (s)",
      firstResponseMedian: "1.ª respuesta mediana (s)",
      firstResponseP90: "1.ª respuesta p90 (s)",
      resolutionAvg: "Resolución media (s)",
      resolutionMedian: "Resolución mediana (s)",
      resolutionP90: "Resolución p90 (s)",
      rating1: "Valoraciones 1",
      rating2: "Valoraciones 2",
      rating3: "Valoraciones 3",
      rated: "Valoradas",
      ratedShare: "Proporción valorada",
      averageRating: "Nota media",
    },
    sla: {
      day: "Día",
      queue: "Cola",
      attendant: "Agente",
      cycles: "Atenciones",
      firstResponseMet: "1.ª respuesta cumplidos",
      firstResponseBreached: "1.ª respuesta vencidos",
      firstResponseMedian: "1.ª respuesta mediana (s)",
      firstResponseP90: "1.ª respuesta p90 (s)",
      resolutionMet: "Resolución cumplidos",
      resolutionBreached: "Resolución vencidos",
      resolutionMedian: "Resolución mediana (s)",
      resolutionP90: "Resolución p90 (s)",
    },
    total: "Total",
    none: { attendant: "Sin agente", queue: "Sin cola", connection: "Sin conexión", tag: "Sin etiqueta" },
  },
};

/** The export's language: `lang` when given, else the request's Accept-Language, else Portuguese. */
export function exportLanguage(lang: Language | undefined, acceptLanguage: string | undefined): Language {
  return lang ?? acceptedLanguage(acceptLanguage);
}

/** The fixed texts of an export in `lang`. */
export const exportTexts = (lang: Language): ExportTexts => TEXTS[lang];

const columns = <K extends string>(keys: readonly K[], headers: Record<K, string>): TableColumn[] => keys.map((key) => ({ key, header: headers[key] }));

export const serviceReportColumns = (lang: Language) => columns(SERVICE_KEYS, TEXTS[lang].service);
export const slaReportColumns = (lang: Language) => columns(SLA_KEYS, TEXTS[lang].sla);
