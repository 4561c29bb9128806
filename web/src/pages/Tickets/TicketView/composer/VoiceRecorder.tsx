import { useEffect, useRef, useState } from "react";
import { Box, CircularProgress, IconButton, Tooltip, Typography } from "@mui/material";
import MicIcon from "@mui/icons-material/Mic";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutline";
import HighlightOffIcon from "@mui/icons-material/HighlightOff";
import FiberManualRecordIcon from "@mui/icons-material/FiberManualRecord";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../../../api/errors";
import { MIN_RECORDING_BYTES, RecorderUnsupportedError, startRecording, type Recording } from "./mp3Recorder";

interface VoiceRecorderProps {
  disabled: boolean;
  /** Called with the mp3 of a recording long enough to keep. */
  onRecorded(file: File): Promise<unknown>;
  onRecordingChange(recording: boolean): void;
}

const clock = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;

/** Start, then send or cancel a voice note. */
export function VoiceRecorder({ disabled, onRecorded, onRecordingChange }: VoiceRecorderProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<"idle" | "starting" | "recording" | "sending">("idle");
  const [seconds, setSeconds] = useState(0);
  const recording = useRef<Recording | null>(null);

  useEffect(() => onRecordingChange(state === "recording" || state === "sending"), [state, onRecordingChange]);
  useEffect(() => () => recording.current?.cancel(), []);
  useEffect(() => {
    if (state !== "recording") return;
    setSeconds(0);
    const timer = window.setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => window.clearInterval(timer);
  }, [state]);

  const start = async () => {
    setState("starting");
    try {
      recording.current = await startRecording();
      setState("recording");
    } catch (err) {
      setState("idle");
      if (err instanceof RecorderUnsupportedError) toast.error(t("ticketView.composer.micUnavailable"));
      else {
        toast.error(t("ticketView.composer.micFailed"));
        toastError(err);
      }
    }
  };

  const cancel = () => {
    recording.current?.cancel();
    recording.current = null;
    setState("idle");
  };

  const send = async () => {
    const current = recording.current;
    if (!current) return;
    recording.current = null;
    setState("sending");
    try {
      const mp3 = await current.stop();
      if (mp3.size >= MIN_RECORDING_BYTES) await onRecorded(new File([mp3], `audio-record-site-${Date.now()}.mp3`, { type: "audio/mpeg" }));
    } catch (err) {
      toastError(err);
    } finally {
      setState("idle");
    }
  };

  if (state === "idle" || state === "starting") {
    return (
      <Tooltip title={t("ticketView.composer.record")}>
        <span>
          <IconButton aria-label={t("ticketView.composer.record")} disabled={disabled || state === "starting"} onClick={() => void start()} data-testid="composer-record">
            {state === "starting" ? <CircularProgress size={20} /> : <MicIcon />}
          </IconButton>
        </span>
      </Tooltip>
    );
  }

  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flex: 1, justifyContent: "flex-end" }} data-testid="composer-recording">
      <IconButton aria-label={t("ticketView.composer.recordCancel")} color="error" disabled={state === "sending"} onClick={cancel} data-testid="composer-record-cancel">
        <HighlightOffIcon />
      </IconButton>
      {state === "sending" ? (
        <Typography variant="body2" color="text.secondary">
          {t("ticketView.composer.encoding")}
        </Typography>
      ) : (
        <Typography variant="body2" sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
          <FiberManualRecordIcon color="error" sx={{ fontSize: 14, animation: "pulse 1s infinite alternate", "@keyframes pulse": { to: { opacity: 0.3 } } }} />
          {t("ticketView.composer.recording")} {clock(seconds)}
        </Typography>
      )}
      <IconButton aria-label={t("ticketView.composer.recordSend")} color="primary" disabled={state === "sending"} onClick={() => void send()} data-testid="composer-record-send">
        {state === "sending" ? <CircularProgress size={20} /> : <CheckCircleOutlineIcon />}
      </IconButton>
    </Box>
  );
}
