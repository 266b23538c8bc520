// How the server sends mail (password reset links). With SMTP_URL set, mail goes out over SMTP; without it
// (development, test) the log transport writes the whole message, link included, to the log at info level.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The part of the app logger the mailer writes to. */
export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface Mailer {
  /** Which transport this is, for the start-up log line. */
  readonly transport: string;
  send(message: MailMessage): Promise<void>;
}

export function createLogMailer(log: Pick<MailLog, 'info'>, from: string): Mailer {
  return {
    transport: 'log',
    async send(message) {
      log.info(
        { event: 'mail.sent', transport: 'log', from, to: message.to, subject: message.subject, text: message.text },
        'mail written to the log',
      );
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer is loaded only where SMTP is configured.
  const transporter = import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
  return {
    transport: 'smtp',
    async send(message) {
      await (await transporter).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
  };
}

export function createMailer(env: { SMTP_URL?: string | undefined; MAIL_FROM: string; NODE_ENV: string }, log: MailLog): Mailer {
  if (env.SMTP_URL) return createSmtpMailer(env.SMTP_URL, env.MAIL_FROM);
  // A production without SMTP still starts (the demo runs that way) but says loudly where reset links go.
  if (env.NODE_ENV === 'production')
    log.warn({ event: 'mail.transport' }, 'SMTP_URL is not set: mails, reset links included, are written to the log');
  return createLogMailer(log, env.MAIL_FROM);
}

/** A mailer that keeps what it sends in memory: tests read reset links from it. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[]; last: (to?: string) => MailMessage | undefined } {
  const sent: MailMessage[] = [];
  return {
    transport: 'memory',
    sent,
    last: (to) => [...sent].reverse().find((message) => to === undefined || message.to === to),
    async send(message) {
      sent.push(message);
    },
  };
}
