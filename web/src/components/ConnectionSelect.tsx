import { MenuItem, TextField } from "@mui/material";

interface Props {
  label: string;
  /** The empty choice: the default connection, or keeping the current one. */
  emptyLabel: string;
  value: string;
  onChange: (value: string) => void;
  whatsapps: { id: number; name: string }[];
  testId: string;
}

/** Connection choice of the new-ticket and transfer dialogs. */
export function ConnectionSelect({ label, emptyLabel, value, onChange, whatsapps, testId }: Props) {
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        select: { displayEmpty: true, SelectDisplayProps: { "data-testid": testId } as React.HTMLAttributes<HTMLDivElement> },
        inputLabel: { shrink: true },
      }}
    >
      <MenuItem value="">{emptyLabel}</MenuItem>
      {whatsapps.map((whatsapp) => (
        <MenuItem key={whatsapp.id} value={String(whatsapp.id)}>
          {whatsapp.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
