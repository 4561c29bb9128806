import { useState, type ReactNode } from "react";
import { Box, ButtonBase, IconButton, InputAdornment, Popover, Stack, TextField, Tooltip, Typography } from "@mui/material";
import ColorizeIcon from "@mui/icons-material/Colorize";
import { QUEUE_COLOR_PALETTE } from "@balcao/common";
import { translateValidation } from "../i18n/validation";

/** The field's texts, already translated by the screen that uses it. */
export interface ColorFieldTexts {
  label: string;
  hint: string;
  pick: string;
  palette: string;
  /** When given, the palette also offers the system colour picker under this label. */
  custom?: string;
}

interface ColorFieldProps {
  value: string;
  onChange(color: string): void;
  onBlur?(): void;
  error?: string;
  texts: ColorFieldTexts;
  /**
   * What the test ids start with: `{testId}-color` (the input), `-color-swatch`, `-color-pick`,
   * `-palette`, `-palette-RRGGBB` and `-color-custom`.
   */
  testId: string;
  /** The palette button's icon; an eyedropper unless told. */
  icon?: ReactNode;
}

const isHex6 = (v: string) => /^#[0-9a-fA-F]{6}$/.test(v);

/** A colour as its hex value, with a swatch and the 50 preset colours in a popover. */
export function ColorField({ value, onChange, onBlur, error, texts, testId, icon = <ColorizeIcon /> }: ColorFieldProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (color: string) => {
    onChange(color);
    setAnchor(null);
  };
  const customId = `${testId}-color-custom`;

  return (
    <>
      <TextField
        label={texts.label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        error={Boolean(error)}
        helperText={error ? translateValidation(error) : texts.hint}
        fullWidth
        slotProps={{
          htmlInput: { "data-testid": `${testId}-color`, maxLength: 9 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Box sx={{ width: 22, height: 22, borderRadius: 0.5, bgcolor: value || "transparent", border: 1, borderColor: "divider" }} data-testid={`${testId}-color-swatch`} />
              </InputAdornment>
            ),
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={texts.pick}>
                  <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={texts.pick} data-testid={`${testId}-color-pick`} edge="end">
                    {icon}
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: "bottom", horizontal: "right" }} transformOrigin={{ vertical: "top", horizontal: "right" }}>
        <Box sx={{ p: 1.5 }} data-testid={`${testId}-palette`}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {texts.palette}
          </Typography>
          <Box sx={{ display: "grid", gridTemplateColumns: "repeat(10, 26px)", gap: 0.75 }}>
            {QUEUE_COLOR_PALETTE.map((color) => (
              <ButtonBase
                key={color}
                aria-label={color}
                title={color}
                data-testid={`${testId}-palette-${color.slice(1)}`}
                onClick={() => pick(color)}
                sx={{ width: 26, height: 26, borderRadius: 0.5, bgcolor: color, outline: value.toLowerCase() === color.toLowerCase() ? 2 : 0, outlineColor: "text.primary", outlineOffset: 1 }}
              />
            ))}
          </Box>
          {texts.custom && (
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 1.5 }}>
              <Typography variant="body2" component="label" htmlFor={customId}>
                {texts.custom}
              </Typography>
              <input id={customId} type="color" value={isHex6(value) ? value : "#5c59a0"} onChange={(e) => onChange(e.target.value.toUpperCase())} data-testid={customId} />
            </Stack>
          )}
        </Box>
      </Popover>
    </>
  );
}
