import { Button, FormControlLabel, Paper, Stack, Switch, TextField, Typography } from "@mui/material";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import { useTranslation } from "react-i18next";
import { isValidNumber, onlyDigits, type SimulatorPrefs } from "./simulatorUtils";

interface CustomerPanelProps {
  number: string;
  name: string;
  autoRead: boolean;
  /** Attendant messages the phone has not read yet. */
  unread: number;
  onChange(change: Partial<SimulatorPrefs>): void;
  onMarkRead(): void;
}

/** Who the phone is: any number (digits with country code), a display name, and how it reads. */
export function CustomerPanel({ number, name, autoRead, unread, onChange, onMarkRead }: CustomerPanelProps) {
  const { t } = useTranslation();
  const numberError = number !== "" && !isValidNumber(number);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="simulator-customer-panel">
      <Typography variant="subtitle1" fontWeight={700} sx={{ mb: 1.5 }}>
        {t("simulator.customerTitle")}
      </Typography>
      <Stack spacing={2}>
        <TextField
          size="small"
          label={t("simulator.number")}
          value={number}
          onChange={(e) => onChange({ number: onlyDigits(e.target.value) })}
          error={numberError || number === ""}
          helperText={numberError || number === "" ? t("simulator.numberInvalid") : t("simulator.numberHelp")}
          slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off", "data-testid": "simulator-number" } }}
          fullWidth
        />
        <TextField
          size="small"
          label={t("simulator.name")}
          value={name}
          onChange={(e) => onChange({ name: e.target.value.slice(0, 100) })}
          helperText={t("simulator.nameHelp")}
          slotProps={{ htmlInput: { maxLength: 100, "data-testid": "simulator-name" } }}
          fullWidth
        />
        <FormControlLabel
          control={<Switch checked={autoRead} onChange={(e) => onChange({ autoRead: e.target.checked })} slotProps={{ input: { "data-testid": "simulator-autoread" } as React.InputHTMLAttributes<HTMLInputElement> }} />}
          label={
            <Stack>
              <Typography variant="body2">{t("simulator.autoRead")}</Typography>
              <Typography variant="caption" color="text.secondary">
                {autoRead ? t("simulator.autoReadOn") : t("simulator.autoReadOff")}
              </Typography>
            </Stack>
          }
        />
        {!autoRead && (
          <Button variant="outlined" size="small" startIcon={<DoneAllIcon />} onClick={onMarkRead} disabled={unread === 0} data-testid="simulator-mark-read" sx={{ alignSelf: "flex-start" }}>
            {t("simulator.markRead", { count: unread })}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
