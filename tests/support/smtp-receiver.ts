import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail, their bytes in base64. */
  attachments: Array<{ filename: string; contentType: string; size: number; base64: string }>;
  receivedAt: number;
}

/**
 * A real SMTP server on loopback that files every message it receives as JSON in `dir`; on
 * `port` when given (an outage test brings the server up where the app already points).
 */
export async function startSmtpReceiver(dir: string, port?: number) {
  fs.mkdirSync(dir, { recursive: true });
  port ??= await freePort();
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          for (const address of to) {
            const mail: ReceivedMail = {
              to: address,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename ?? '',
                contentType: a.contentType,
                size: a.content.length,
                base64: a.content.toString('base64'),
              })),
              receivedAt: Date.now(),
            };
            const file = path.join(dir, `${Date.now()}-${++counter}.json`);
            fs.writeFileSync(`${file}.tmp`, JSON.stringify(mail));
            fs.renameSync(`${file}.tmp`, file);
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits for the newest mail to `to` received after `since` (ms epoch). */
export async function waitForMail(
  dir: string,
  to: string,
  since = 0,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ReceivedMail)
          .filter((m) => m.to === to.toLowerCase() && m.receivedAt >= since)
          .sort((a, b) => b.receivedAt - a.receivedAt)
      : [];
    if (mails[0]) return mails[0];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every mail to `to` received so far. */
export function mailsTo(dir: string, to: string): ReceivedMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ReceivedMail)
    .filter((m) => m.to === to.toLowerCase());
}

/**
 * An SMTP server that accepts connections and never answers: a send to it hangs until the
 * mailer's timeout. `connected` resolves on the first connection.
 */
export async function startSilentSmtp(port?: number) {
  port ??= await freePort();
  const sockets = new Set<net.Socket>();
  let onConnect: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (onConnect = resolve));
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    onConnect();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    connected,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
