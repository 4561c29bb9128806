import { useState } from "react";
import { IconButton, Popover, Slider, Stack, Tooltip } from "@mui/material";
import VolumeUp from "@mui/icons-material/VolumeUp";
import VolumeDown from "@mui/icons-material/VolumeDown";
import VolumeOff from "@mui/icons-material/VolumeOff";
import { useTranslation } from "react-i18next";
import { STORAGE_KEYS } from "@balcao/common";

function storedVolume(): number {
  const raw = localStorage.getItem(STORAGE_KEYS.volume);
  const value = raw === null ? 1 : Number(raw);
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;
}

/** Notification volume: 0 to 1 in steps of 0.1, default 1, kept as `volume`. */
export function VolumeControl() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [volume, setVolume] = useState(storedVolume);
  const Icon = volume === 0 ? VolumeOff : volume < 0.5 ? VolumeDown : VolumeUp;

  const change = (value: number) => {
    setVolume(value);
    localStorage.setItem(STORAGE_KEYS.volume, String(value));
  };

  return (
    <>
      <Tooltip title={t("layout.volume")}>
        <IconButton color="inherit" onClick={(event) => setAnchor(event.currentTarget)} aria-label={t("layout.volume")} data-testid="volume-button">
          <Icon />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
        transformOrigin={{ vertical: "top", horizontal: "center" }}
      >
        <Stack direction="row" spacing={2} alignItems="center" sx={{ px: 2, py: 1.5, width: 220 }}>
          <VolumeDown fontSize="small" />
          <Slider
            value={volume}
            min={0}
            max={1}
            step={0.1}
            onChange={(_, value) => change(Array.isArray(value) ? value[0] : value)}
            aria-label={t("layout.volume")}
            data-testid="volume-slider"
          />
          <VolumeUp fontSize="small" />
        </Stack>
      </Popover>
    </>
  );
}
