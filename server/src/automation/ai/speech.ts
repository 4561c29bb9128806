import { AiEndpointError } from "./openAiClient";

/** What synthesising a reply needs: the voice (a pt-BR neural voice), the key and region of Azure Speech. */
export interface Voice {
  name: string;
  key: string;
  region: string;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** The SSML document Azure's text-to-speech REST API reads. */
export function ssmlOf(text: string, voice: string) {
  return `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="pt-BR"><voice name="${escapeXml(voice)}">${escapeXml(text)}</voice></speak>`;
}

/** The reply spoken: MP3 bytes from Azure Speech (or the address `urlTemplate` names, `{region}` filled in). */
export async function synthesize(urlTemplate: string, voice: Voice, text: string, timeoutMs: number): Promise<Buffer> {
  const url = urlTemplate.replace("{region}", encodeURIComponent(voice.region));
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: {
        "Ocp-Apim-Subscription-Key": voice.key,
        "Content-Type": "application/ssml+xml",
        "X-Microsoft-OutputFormat": "audio-16khz-128kbitrate-mono-mp3",
        "User-Agent": "balcao",
      },
      body: ssmlOf(text, voice.name),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new AiEndpointError(`speech unreachable: ${(err as Error).name}`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new AiEndpointError(`speech answered ${res.status}`, res.status);
  }
  const audio = Buffer.from(await res.arrayBuffer());
  if (audio.length === 0) throw new AiEndpointError("speech answered no audio");
  return audio;
}
