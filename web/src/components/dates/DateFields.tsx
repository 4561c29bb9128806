import { lazy, Suspense } from "react";
import { TextField } from "@mui/material";
import { formatDate, formatDateTime } from "../../i18n/format";
import { fromWire, WIRE_DAY, WIRE_LOCAL_DATE_TIME } from "./wireDates";
import type { DateFieldProps } from "./dateFieldProps";

// the pickers are a large library: their chunk loads with the first date field a page shows
const pickers = () => import("./DatePickers");
const LazyDayPicker = lazy(() => pickers().then((m) => ({ default: m.DayPicker })));
const LazyDateTimePicker = lazy(() => pickers().then((m) => ({ default: m.DateTimePickerField })));

/** Stands in, read-only, while the pickers load. */
function Placeholder({ props, text }: { props: DateFieldProps; text: string }) {
  return <TextField label={props.label} value={text} size={props.size} fullWidth={props.fullWidth} disabled sx={props.sx} slotProps={{ inputLabel: { shrink: true } }} />;
}

/** A day in the language's order (DD/MM/AAAA, MM/DD/YYYY), typed or picked on a calendar. */
export function DayField(props: DateFieldProps) {
  const date = fromWire(props.value, WIRE_DAY);
  return (
    <Suspense fallback={<Placeholder props={props} text={date ? formatDate(date) : ""} />}>
      <LazyDayPicker {...props} />
    </Suspense>
  );
}

/** A local date and time in the language's way (24 hours or AM/PM), typed or picked. */
export function DateTimeField(props: DateFieldProps) {
  const date = fromWire(props.value, WIRE_LOCAL_DATE_TIME);
  return (
    <Suspense fallback={<Placeholder props={props} text={date ? formatDateTime(date) : ""} />}>
      <LazyDateTimePicker {...props} />
    </Suspense>
  );
}
