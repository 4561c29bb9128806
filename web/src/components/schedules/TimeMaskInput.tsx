import { forwardRef } from "react";
import { IMaskInput } from "react-imask";

interface TimeMaskInputProps {
  name: string;
  onChange(event: { target: { name: string; value: string } }): void;
}

/** The spec's time mask '##:##' (written '00:00' in imask), as an MUI inputComponent. */
export const TimeMaskInput = forwardRef<HTMLInputElement, TimeMaskInputProps>(function TimeMaskInput({ onChange, ...other }, ref) {
  return <IMaskInput {...other} mask="00:00" inputRef={ref} overwrite onAccept={(value: string) => onChange({ target: { name: other.name, value } })} />;
});
