import { useState, type FormEvent } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";

export interface LocationValue {
  latitude: number;
  longitude: number;
  description?: string;
}

interface LocationDialogProps {
  open: boolean;
  onClose(): void;
  onSend(location: LocationValue): void;
}

/** São Paulo's Praça da Sé: a ready-made place to send. */
const DEFAULTS = { latitude: "-23.5503", longitude: "-46.6339", description: "" };

const parse = (value: string) => Number(value.trim().replace(",", "."));

/** The small form behind the location button: coordinates and an optional description. */
export function LocationDialog({ open, onClose, onSend }: LocationDialogProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState(DEFAULTS);
  const latitude = parse(form.latitude);
  const longitude = parse(form.longitude);
  const latOk = form.latitude.trim() !== "" && Number.isFinite(latitude) && latitude >= -90 && latitude <= 90;
  const lngOk = form.longitude.trim() !== "" && Number.isFinite(longitude) && longitude >= -180 && longitude <= 180;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!latOk || !lngOk) return;
    const description = form.description.trim();
    onSend({ latitude, longitude, description: description || undefined });
    setForm((current) => ({ ...current, description: "" }));
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate data-testid="simulator-location-form">
        <DialogTitle>{t("simulator.locationTitle")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction="row" spacing={2}>
              <TextField
                label={t("simulator.latitude")}
                value={form.latitude}
                onChange={(e) => setForm({ ...form, latitude: e.target.value })}
                error={!latOk}
                helperText={latOk ? " " : t("simulator.latitudeInvalid")}
                slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "simulator-location-latitude" } }}
                fullWidth
                autoFocus
              />
              <TextField
                label={t("simulator.longitude")}
                value={form.longitude}
                onChange={(e) => setForm({ ...form, longitude: e.target.value })}
                error={!lngOk}
                helperText={lngOk ? " " : t("simulator.longitudeInvalid")}
                slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "simulator-location-longitude" } }}
                fullWidth
              />
            </Stack>
            <TextField
              label={t("simulator.description")}
              value={form.description}
              onChange={(e) => setForm({ ...form, description: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 500, "data-testid": "simulator-location-description" } }}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={!latOk || !lngOk} data-testid="simulator-location-send">
            {t("simulator.send")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
