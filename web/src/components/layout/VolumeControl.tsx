import { useState, useSyncExternalStore } from "react";
import { IconButton, Popover, Slider, Stack, Tooltip } from "@mui/material";
import VolumeUp from "@mui/icons-material/VolumeUp";
import VolumeDown from "@mui/icons-material/VolumeDown";
import VolumeOff from "@mui/icons-material/VolumeOff";
import { useTranslation } from "react-i18next";
import { STORAGE_KEYS } from "@balcao/common";
import { storedVolume } from "./notifications/notificationRules";

// One value for the top bar's popover and the account menu's slider (phones): both stay in step.
const listeners = new Set<() => void>();
const readVolume = () => storedVolume(localStorage.getItem(STORAGE_KEYS.volume));
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const setVolume = (value: number) => {
  localStorage.setItem(STORAGE_KEYS.volume, String(value));
  listeners.forEach((listener) => listener());
};
const useVolume = () => useSyncExternalStore(subscribe, readVolume);
const SLIDER_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);

/** Notification volume: 0 to 1 in steps of 0.1, default 1, kept as `volume`. */
export function VolumeSlider({ testId = "volume-slider" }: { testId?: string }) {
  const { t } = useTranslation();
  const volume = useVolume();
  return (
    <Stack
      direction="row"
      spacing={2}
      alignItems="center"
      sx={{ px: 2, py: 1.5, width: 220 }}
      // The slider's keys move the slider, not the focus of a surrounding menu; Escape still closes it.
      onKeyDown={(event) => SLIDER_KEYS.has(event.key) && event.stopPropagation()}
    >
      <VolumeDown fontSize="small" />
      <Slider value={volume} min={0} max={1} step={0.1} onChange={(_, value) => setVolume(Array.isArray(value) ? value[0] : value)} aria-label={t("layout.volume")} data-testid={testId} />
      <VolumeUp fontSize="small" />
    </Stack>
  );
}

/** The top bar's volume button and its popover slider. */
export function VolumeControl() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const volume = useVolume();
  const Icon = volume === 0 ? VolumeOff : volume < 0.5 ? VolumeDown : VolumeUp;

  return (
    <>
      <Tooltip title={t("layout.volume")}>
        <IconButton color="inherit" onClick={(event) => setAnchor(event.currentTarget)} aria-label={t("layout.volume")} data-testid="volume-button">
          <Icon />
        </IconButton>
      </Tooltip>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: "bottom", horizontal: "center" }} transformOrigin={{ vertical: "top", horizontal: "center" }}>
        <VolumeSlider />
      </Popover>
    </>
  );
}
