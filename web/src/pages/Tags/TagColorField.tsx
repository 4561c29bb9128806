import { useState } from "react";
import { Box, ButtonBase, IconButton, InputAdornment, Popover, Stack, TextField, Tooltip, Typography } from "@mui/material";
import PaletteOutlined from "@mui/icons-material/PaletteOutlined";
import { useTranslation } from "react-i18next";
import { QUEUE_COLOR_PALETTE } from "@balcao/common";
import { translateValidation } from "../../i18n/validation";

interface TagColorFieldProps {
  value: string;
  onChange(color: string): void;
  error?: string;
}

const isHex6 = (v: string) => /^#[0-9a-fA-F]{6}$/.test(v);

/** The tag's colour: a hex value with its swatch, the suggested colours, and the system picker for any other. */
export function TagColorField({ value, onChange, error }: TagColorFieldProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (color: string) => {
    onChange(color);
    setAnchor(null);
  };
  return (
    <>
      <TextField
        label={t("tags.dialog.color")}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={Boolean(error)}
        helperText={error ? translateValidation(error) : t("tags.dialog.colorHint")}
        fullWidth
        slotProps={{
          htmlInput: { "data-testid": "tag-color", maxLength: 9 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Box sx={{ width: 22, height: 22, borderRadius: 0.5, bgcolor: value || "transparent", border: 1, borderColor: "divider" }} data-testid="tag-color-swatch" />
              </InputAdornment>
            ),
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t("tags.dialog.pickColor")}>
                  <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={t("tags.dialog.pickColor")} data-testid="tag-color-pick" edge="end">
                    <PaletteOutlined />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: "bottom", horizontal: "right" }} transformOrigin={{ vertical: "top", horizontal: "right" }}>
        <Box sx={{ p: 1.5 }} data-testid="tag-palette">
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t("tags.dialog.palette")}
          </Typography>
          <Box sx={{ display: "grid", gridTemplateColumns: "repeat(10, 26px)", gap: 0.75 }}>
            {QUEUE_COLOR_PALETTE.map((color) => (
              <ButtonBase
                key={color}
                aria-label={color}
                title={color}
                data-testid={`tag-palette-${color.slice(1)}`}
                onClick={() => pick(color)}
                sx={{ width: 26, height: 26, borderRadius: 0.5, bgcolor: color, outline: value.toLowerCase() === color.toLowerCase() ? 2 : 0, outlineColor: "text.primary", outlineOffset: 1 }}
              />
            ))}
          </Box>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 1.5 }}>
            <Typography variant="body2" component="label" htmlFor="tag-color-custom">
              {t("tags.dialog.customColor")}
            </Typography>
            <input id="tag-color-custom" type="color" value={isHex6(value) ? value : "#5c59a0"} onChange={(e) => onChange(e.target.value.toUpperCase())} data-testid="tag-color-custom" />
          </Stack>
        </Box>
      </Popover>
    </>
  );
}
