import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** The sender when MAIL_FROM is unset: the SMTP user when it is an address, else no-reply at the SMTP host. */
export function defaultSender(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const user = decodeURIComponent(url.username);
  return user.includes("@") ? user : `no-reply@${url.hostname}`;
}

/**
 * Mail over SMTP; null when SMTP_URL is unset (features that mail say so instead of failing later).
 * Short timeouts: a request waits for the server's answer, and a dead SMTP host must not hold it for minutes.
 */
export function createMailer(config: { smtpUrl?: string; mailFrom?: string }): Mailer | null {
  if (!config.smtpUrl) return null;
  const from = config.mailFrom || defaultSender(config.smtpUrl);
  // logger off: nodemailer's own log would print the message, the code in it included
  const transport = nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, logger: false }, { from });
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}
