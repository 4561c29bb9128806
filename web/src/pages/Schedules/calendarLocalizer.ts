import { dateFnsLocalizer } from "react-big-calendar";
import { format, getDay, parse, startOfWeek } from "date-fns";
import { enUS, es, ptBR } from "date-fns/locale";

/** Calendar dates in the app's languages (the `culture` is the i18n language). */
export const calendarLocalizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { pt: ptBR, en: enUS, es } });
