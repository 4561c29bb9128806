import { publicApi } from "../../api/http";

export const SEND_PATH = "/api/messages/send";

/** The full address other systems call: this server's origin. */
export const sendUrl = () => window.location.origin + SEND_PATH;

// The connection's token, not the user's session: the public client, so a 401 never logs the user out.
const auth = (token: string) => ({ headers: { authorization: `Bearer ${token.trim()}` } });

export async function sendTextMessage(values: { token: string; number: string; body: string }) {
  const { data } = await publicApi.post(SEND_PATH, { number: values.number, body: values.body }, auth(values.token));
  return data;
}

export async function sendMediaMessage(values: { token: string; number: string; body: string; file: File }) {
  const form = new FormData();
  form.append("number", values.number);
  form.append("body", values.body);
  form.append("medias", values.file, values.file.name);
  const { data } = await publicApi.post(SEND_PATH, form, auth(values.token));
  return data;
}
