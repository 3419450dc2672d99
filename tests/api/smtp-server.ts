// A real SMTP server on a local port (the `smtp-server` package, nodemailer's own), so the tests speak
// SMTP end to end with nodemailer and read each message as the mail server took it.
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  /** The message as sent: its headers and body. */
  data: string;
}

/** The value of a header of a message as received (its first line). */
export function headerOf(data: string, name: string): string | undefined {
  return new RegExp(`^${name}: *(.*)$`, 'im').exec(data)?.[1]?.trim();
}

/**
 * Accepts every message, or refuses every recipient with 550 when `refuse` is set. With `holdFirst`,
 * the first message's data is taken but never answered, as by a mail server that stalls; `holding`
 * resolves with that message when that happens (it is not among `received`).
 */
export async function startSmtpServer(
  refuse = false,
  { holdFirst = false } = {},
): Promise<{ server: SMTPServer; port: number; received: Received[]; holding: Promise<Received> }> {
  const received: Received[] = [];
  let held = !holdFirst;
  let startHolding: (message: Received) => void = () => {};
  const holding = new Promise<Received>((resolve) => {
    startHolding = resolve;
  });
  const server = new SMTPServer({
    // Plain SMTP without a login, as `smtp://host:port` speaks it.
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuse) callback(Object.assign(new Error('no such mailbox'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        const message = {
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((recipient) => recipient.address),
          data: Buffer.concat(chunks).toString('utf8'),
        };
        if (!held) {
          held = true;
          startHolding(message);
          return;
        }
        received.push(message);
        callback();
      });
    },
  });
  server.on('error', () => {});
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const address = server.server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : 0,
    received,
    holding,
  };
}
