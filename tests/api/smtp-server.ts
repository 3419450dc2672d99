// A minimal SMTP server on a local port, so the tests speak real SMTP end to end with nodemailer.
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';

export interface Received {
  from: string;
  to: string[];
  data: string;
}

/**
 * Accepts every message, or refuses every recipient with 550 when `refuse` is set. With `holdFirst`,
 * the first message's data is taken but never answered, as by a mail server that stalls; `holding`
 * resolves when that happens.
 */
export async function startSmtpServer(
  refuse = false,
  { holdFirst = false } = {},
): Promise<{ server: Server; port: number; received: Received[]; holding: Promise<void> }> {
  const received: Received[] = [];
  let held = !holdFirst;
  let startHolding = () => {};
  const holding = new Promise<void>((resolve) => {
    startHolding = resolve;
  });
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (!held) {
            held = true;
            startHolding();
            return;
          }
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test');
        else if (verb === 'MAIL') {
          current.from = line;
          reply('250 ok');
        } else if (verb === 'RCPT') {
          if (refuse) reply('550 no such mailbox');
          else {
            current.to.push(line);
            reply('250 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
    socket.on('error', () => {});
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : 0,
    received,
    holding,
  };
}
