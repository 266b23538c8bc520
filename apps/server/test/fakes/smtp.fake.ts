import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A local SMTP server for the tests that follow mails to the wire (the app's SMTP transport pointed at it): every
// mail it accepted, parsed. Beside the HTTP fakes of the providers.

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

export interface SmtpFake {
  url: string;
  received: ReceivedMail[];
  close: () => Promise<void>;
}

export async function startSmtpFake(): Promise<SmtpFake> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          received.push({ to: to ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
