import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Quoted-printable or base64 body of a single-part mail, as text. */
function decodeBody(headers: string, body: string) {
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
  }
  return body;
}

/** `=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=` words of a header, decoded. */
function decodeHeader(value: string) {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeURIComponent(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, "%$1")),
  );
}

/**
 * A real SMTP server on a free local port that keeps what it receives; it asks for the login in
 * the URL it gives, so a mailer that ignores SMTP_URL's credentials fails.
 */
export async function startMailbox() {
  const mails: CapturedMail[] = [];
  const waiting: Array<() => void> = [];
  const user = "mailer";
  const pass = "mailbox-pass";
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const split = raw.indexOf("\r\n\r\n");
        const headers = raw.slice(0, split).replace(/\r\n\s+/g, " ");
        const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(headers)?.[1] ?? "");
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, text: decodeBody(headers, raw.slice(split + 4)) });
        waiting.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    mails,
    /** The next mail to `to` after the `seen` first ones, within 5 s. */
    async next(to: string, seen = 0): Promise<CapturedMail> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const mail = mails.filter((m) => m.to.includes(to))[seen];
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** The six-digit code a reset mail carries. */
export const codeIn = (mail: CapturedMail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
