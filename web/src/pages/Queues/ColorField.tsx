import { useState } from "react";
import { Box, ButtonBase, IconButton, InputAdornment, Popover, TextField, Tooltip, Typography } from "@mui/material";
import ColorizeIcon from "@mui/icons-material/Colorize";
import { useTranslation } from "react-i18next";
import { QUEUE_COLOR_PALETTE } from "@balcao/common";
import { translateValidation } from "../../i18n/validation";

interface ColorFieldProps {
  value: string;
  onChange(color: string): void;
  onBlur?(): void;
  error?: string;
}

/** The queue's colour: its hex value, a swatch, and the 50 preset colours in a popover. */
export function ColorField({ value, onChange, onBlur, error }: ColorFieldProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <TextField
        label={t("queues.dialog.color")}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        error={Boolean(error)}
        helperText={error ? translateValidation(error) : t("queues.dialog.colorHint")}
        fullWidth
        slotProps={{
          htmlInput: { "data-testid": "queue-color", maxLength: 9 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Box sx={{ width: 22, height: 22, borderRadius: 0.5, bgcolor: value || "transparent", border: 1, borderColor: "divider" }} data-testid="queue-color-swatch" />
              </InputAdornment>
            ),
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t("queues.dialog.pickColor")}>
                  <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={t("queues.dialog.pickColor")} data-testid="queue-color-pick" edge="end">
                    <ColorizeIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: "bottom", horizontal: "right" }} transformOrigin={{ vertical: "top", horizontal: "right" }}>
        <Box sx={{ p: 1.5 }} data-testid="queue-palette">
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t("queues.dialog.palette")}
          </Typography>
          <Box sx={{ display: "grid", gridTemplateColumns: "repeat(10, 26px)", gap: 0.75 }}>
            {QUEUE_COLOR_PALETTE.map((color) => (
              <ButtonBase
                key={color}
                aria-label={color}
                title={color}
                data-testid={`queue-palette-${color.slice(1)}`}
                onClick={() => {
                  onChange(color);
                  setAnchor(null);
                }}
                sx={{
                  width: 26,
                  height: 26,
                  borderRadius: 0.5,
                  bgcolor: color,
                  outline: value.toLowerCase() === color.toLowerCase() ? 2 : 0,
                  outlineColor: "text.primary",
                  outlineOffset: 1,
                }}
              />
            ))}
          </Box>
        </Box>
      </Popover>
    </>
  );
}
