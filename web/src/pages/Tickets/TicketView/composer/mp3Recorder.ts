/** Voice notes: recorded from the microphone, then encoded as mp3 at 128 kbps (spec 9). */
export const MP3_KBPS = 128;
/** Recordings smaller than this are dropped without a word (spec 4). */
export const MIN_RECORDING_BYTES = 10_000;

export class RecorderUnsupportedError extends Error {}

export interface Recording {
  /** Stops and gives the mp3. */
  stop(): Promise<Blob>;
  /** Stops and throws the audio away. */
  cancel(): void;
}

export async function startRecording(): Promise<Recording> {
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === "undefined") throw new RecorderUnsupportedError();
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const recorder = new MediaRecorder(stream);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const release = () => stream.getTracks().forEach((track) => track.stop());
  recorder.start(250);
  return {
    stop: () =>
      new Promise<Blob>((resolve, reject) => {
        recorder.onstop = () => {
          release();
          encodeMp3(new Blob(chunks, { type: recorder.mimeType })).then(resolve, reject);
        };
        if (recorder.state === "inactive") recorder.onstop(new Event("stop"));
        else recorder.stop();
      }),
    cancel: () => {
      recorder.onstop = null;
      if (recorder.state !== "inactive") recorder.stop();
      release();
    },
  };
}

const FRAME = 1152;

/** Decodes what the browser recorded and encodes it as mono mp3 with lamejs (loaded on first use). */
export async function encodeMp3(recorded: Blob, kbps = MP3_KBPS): Promise<Blob> {
  if (recorded.size === 0) return new Blob([], { type: "audio/mpeg" });
  const { Mp3Encoder } = await import("@breezystack/lamejs");
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await recorded.arrayBuffer());
    const samples = toInt16(mixDown(audio));
    const encoder = new Mp3Encoder(1, audio.sampleRate, kbps);
    const parts: Uint8Array<ArrayBuffer>[] = [];
    for (let i = 0; i < samples.length; i += FRAME) {
      const frame = encoder.encodeBuffer(samples.subarray(i, i + FRAME));
      if (frame.length > 0) parts.push(new Uint8Array(frame));
    }
    const tail = encoder.flush();
    if (tail.length > 0) parts.push(new Uint8Array(tail));
    return new Blob(parts, { type: "audio/mpeg" });
  } finally {
    void context.close();
  }
}

function mixDown(audio: AudioBuffer): Float32Array {
  if (audio.numberOfChannels === 1) return audio.getChannelData(0);
  const mixed = new Float32Array(audio.length);
  for (let c = 0; c < audio.numberOfChannels; c++) {
    const data = audio.getChannelData(c);
    for (let i = 0; i < data.length; i++) mixed[i] += data[i] / audio.numberOfChannels;
  }
  return mixed;
}

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}
