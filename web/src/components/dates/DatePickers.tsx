import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { enUS, es, ptBR } from "date-fns/locale";
import { AdapterDateFns } from "@mui/x-date-pickers/AdapterDateFns";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { DateTimePicker } from "@mui/x-date-pickers/DateTimePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { enUS as enUSTexts, esES as esESTexts, ptBR as ptBRTexts } from "@mui/x-date-pickers/locales";
import { fromWire, toWire, WIRE_DAY, WIRE_LOCAL_DATE_TIME, type WirePattern } from "./wireDates";
import type { DateFieldProps } from "./dateFieldProps";

/** Each language's date order, names and field placeholders (DD/MM/AAAA, MM/DD/YYYY). */
const LOCALES = {
  pt: { adapter: ptBR, texts: ptBRTexts },
  en: { adapter: enUS, texts: enUSTexts },
  es: { adapter: es, texts: esESTexts },
} as const;

function Localized({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = LOCALES[(i18n.resolvedLanguage ?? "pt") as keyof typeof LOCALES] ?? LOCALES.pt;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={locale.adapter} localeText={locale.texts.components.MuiLocalizationProvider.defaultProps.localeText}>
      {children}
    </LocalizationProvider>
  );
}

/**
 * The picker's date for a form value, and a change handler that gives the form its wire format. A date still
 * being typed stays in the picker (the form gets ""), so that the form's value does not reset the half-typed field.
 */
function useWireDate(value: string, onChange: (value: string) => void, pattern: WirePattern) {
  const [held, setHeld] = useState(() => ({ value, date: fromWire(value, pattern) }));
  let current = held;
  if (value !== held.value) {
    current = { value, date: fromWire(value, pattern) };
    setHeld(current);
  }
  const change = (date: Date | null) => {
    const next = toWire(date, pattern);
    setHeld({ value: next, date });
    if (next !== value) onChange(next);
  };
  return [current.date, change] as const;
}

const fieldSlot = ({ testId, size, fullWidth, error, helperText }: DateFieldProps) => ({
  textField: {
    size,
    fullWidth,
    helperText,
    ...(error !== undefined && { error }),
    "data-testid": `${testId}-field`,
    inputProps: { "data-testid": testId },
  },
});

export function DayPicker(props: DateFieldProps) {
  const [date, change] = useWireDate(props.value, props.onChange, WIRE_DAY);
  return (
    <Localized>
      <DatePicker label={props.label} value={date} onChange={change} disabled={props.disabled} sx={props.sx} slotProps={fieldSlot(props)} />
    </Localized>
  );
}

export function DateTimePickerField(props: DateFieldProps) {
  const [date, change] = useWireDate(props.value, props.onChange, WIRE_LOCAL_DATE_TIME);
  return (
    <Localized>
      <DateTimePicker label={props.label} value={date} onChange={change} disabled={props.disabled} sx={props.sx} slotProps={fieldSlot(props)} />
    </Localized>
  );
}
