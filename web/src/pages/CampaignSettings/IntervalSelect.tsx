import { FormControl, InputLabel, MenuItem, Select } from "@mui/material";

interface IntervalSelectProps {
  name: string;
  label: string;
  value: number;
  choices: readonly number[];
  /** The text of a choice: "Sem intervalo", "20 segundos", "5 mensagens". */
  labelOf(choice: number): string;
  disabled?: boolean;
  onChange(value: number): void;
}

/** One of the page's three pacing selects. */
export function IntervalSelect({ name, label, value, choices, labelOf, disabled, onChange }: IntervalSelectProps) {
  const id = `campaign-settings-${name}`;
  return (
    <FormControl fullWidth size="small" disabled={disabled}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select labelId={`${id}-label`} id={id} label={label} value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid={id}>
        {choices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {labelOf(choice)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
