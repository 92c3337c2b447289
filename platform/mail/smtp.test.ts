import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailerContract } from './contract.ts';
import { InvalidMailError } from './port.ts';
import { SmtpMailer } from './smtp.ts';

interface Received {
  mailFrom: string;
  rcptTo: string[];
  /** Headers and body as the client sent them, dot-stuffing undone. */
  data: string;
}

/**
 * A minimal SMTP receiver on 127.0.0.1 (smtp-server is not installed): enough of RFC 5321
 * for nodemailer without TLS or AUTH, keeping every message it accepts.
 */
class SmtpReceiver {
  readonly received: Received[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server: Server = createServer((socket) => this.converse(socket));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    return `smtp://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private converse(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let envelope: Omit<Received, 'data'> = { mailFrom: '', rcptTo: [] };
    let data: string[] | null = null;
    let pending = '';

    const onLine = (line: string) => {
      if (data) {
        if (line !== '.') return void data.push(line.startsWith('.') ? line.slice(1) : line);
        this.received.push({ ...envelope, data: data.join('\r\n') });
        data = null;
        return void reply('250 2.0.0 Accepted');
      }
      const verb = line.slice(0, 4).toUpperCase();
      const path = /<([^>]*)>/.exec(line)?.[1] ?? '';
      if (verb === 'EHLO' || verb === 'HELO') reply('250 mibi-test');
      else if (verb === 'MAIL') {
        envelope = { mailFrom: path, rcptTo: [] };
        reply('250 2.1.0 OK');
      } else if (verb === 'RCPT') {
        envelope.rcptTo.push(path);
        reply('250 2.1.5 OK');
      } else if (verb === 'DATA') {
        data = [];
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 OK');
      else if (verb === 'QUIT') {
        reply('221 2.0.0 Bye');
        socket.end();
      } else reply('502 5.5.2 Command not implemented');
    };

    socket.on('data', (chunk: string) => {
      pending += chunk;
      let end: number;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        onLine(pending.slice(0, end));
        pending = pending.slice(end + 2);
      }
    });
    reply('220 mibi-test ESMTP');
  }
}

mailerContract('SmtpMailer on a loopback SMTP receiver', async (from) => {
  const receiver = new SmtpReceiver();
  const mailer = new SmtpMailer(await receiver.start(), from);
  return {
    mailer,
    delivered: async () => receiver.received.map((message) => message.data),
    cleanup: async () => {
      await mailer.close();
      await receiver.stop();
    },
  };
});

describe('SmtpMailer', () => {
  let receiver: SmtpReceiver;
  let mailer: SmtpMailer;

  beforeEach(async () => {
    receiver = new SmtpReceiver();
    mailer = new SmtpMailer(await receiver.start(), 'MIBI <no-reply@mibi.example>');
  });

  afterEach(async () => {
    await mailer.close();
    await receiver.stop();
  });

  it('addresses the envelope to the recipient alone, from the sender address', async () => {
    await mailer.send({ to: 'asha@example.in', subject: 'Order shipped', text: 'On its way.' });
    expect(receiver.received).toMatchObject([{ mailFrom: 'no-reply@mibi.example', rcptTo: ['asha@example.in'] }]);
  });

  it('answers with the Message-ID the relay received', async () => {
    const sent = await mailer.send({ to: 'asha@example.in', subject: 'Order shipped', text: 'On its way.' });
    expect(sent.id).toMatch(/^<.+@.+>$/);
    expect(receiver.received[0]?.data).toContain(`Message-ID: ${sent.id}\r\n`);
  });

  it('sends a keyed message under the same Message-ID each time, so the recipient keeps one', async () => {
    const message = { to: 'asha@example.in', subject: 'New order #1a2b3c4d', text: 'Hi', key: 'notification:s-o' };
    const first = await mailer.send(message);
    const again = await mailer.send(message);
    expect(first.id).toMatch(/^<[0-9a-f]{32}@mibi\.example>$/);
    expect(again.id).toBe(first.id);
    expect(receiver.received.map((m) => /Message-ID: (.*)\r\n/.exec(m.data)?.[1])).toEqual([first.id, first.id]);
  });

  it('keeps a body line that starts with a dot intact', async () => {
    await mailer.send({ to: 'asha@example.in', subject: 'Dots', text: 'first\n.\n..second' });
    expect(receiver.received[0]?.data).toMatch(/\r\n\r\nfirst\r\n\.\r\n\.\.second/);
  });

  it('fails when no relay answers', async () => {
    const nobody = new SmtpReceiver();
    const url = await nobody.start();
    await nobody.stop();
    const unreachable = new SmtpMailer(url, 'no-reply@mibi.example');
    try {
      await expect(
        unreachable.send({ to: 'asha@example.in', subject: 'Lost', text: 'Nobody listens.' }),
      ).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await unreachable.close();
    }
  });

  it('refuses a sender that is not an address before connecting', () => {
    for (const from of ['', 'MIBI', 'no-reply@mibi.example\r\nBcc: eve@example.in']) {
      expect(() => new SmtpMailer('smtp://127.0.0.1:1', from), from).toThrow(InvalidMailError);
    }
  });
});
