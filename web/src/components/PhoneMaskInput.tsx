import { forwardRef } from "react";
import { IMaskInput } from "react-imask";

interface PhoneMaskInputProps {
  name: string;
  onChange(event: { target: { name: string; value: string } }): void;
}

/** The spec's phone mask '(99) 99999-9999' (written '(00) 00000-0000' in imask), as an MUI inputComponent. */
export const PhoneMaskInput = forwardRef<HTMLInputElement, PhoneMaskInputProps>(function PhoneMaskInput({ onChange, ...other }, ref) {
  return <IMaskInput {...other} mask="(00) 00000-0000" inputRef={ref} overwrite onAccept={(value: string) => onChange({ target: { name: other.name, value } })} />;
});
