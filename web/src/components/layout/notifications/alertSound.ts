import { STORAGE_KEYS } from "@balcao/common";
import { storedVolume } from "./notificationRules";

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor = (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext) as AudioContextClass | undefined;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

/** Browsers start audio suspended until the user interacts: resume it on the first click or key. */
export function unlockAudioOnGesture(): () => void {
  const stop = () => {
    window.removeEventListener("pointerdown", unlock);
    window.removeEventListener("keydown", unlock);
  };
  const unlock = () => {
    const ctx = audioContext();
    if (ctx?.state === "suspended") void ctx.resume().catch(() => undefined);
    stop();
  };
  window.addEventListener("pointerdown", unlock);
  window.addEventListener("keydown", unlock);
  return stop;
}

/** A short two-note chime at the stored volume (made with the Web Audio API, no file to fetch). */
export function playAlertSound() {
  const volume = storedVolume(localStorage.getItem(STORAGE_KEYS.volume));
  if (volume <= 0) return;
  const ctx = audioContext();
  if (!ctx) return;
  if (ctx.state === "suspended") void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime + 0.01;
  [880, 1318.5].forEach((frequency, index) => {
    const at = start + index * 0.13;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = "sine";
    oscillator.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35 * volume, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.4);
  });
}
