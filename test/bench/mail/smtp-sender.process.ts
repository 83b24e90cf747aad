/**
 * The mail benchmarks' SMTP client, in a process of its own (started by `sendMails` in mail-fixture.ts):
 * it takes plans over IPC, one at a time, sends each and answers the achieved rate.
 *
 * A lean client on plain sockets, as a sending MTA is: one connection per lane, the envelope pipelined
 * (RFC 2920, which the listener offers), each message prepared once. On a two-core machine the load
 * generator's own CPU comes out of the app's budget; nodemailer spent about 2.4 ms of it per mail,
 * this about a tenth of that.
 */
import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export interface SendPlan {
  port: number;
  recipients: string[];
  messages: number;
  connections: number;
  /** Mails per second over all connections; unset = as fast as the server takes them. */
  rate?: number;
}

export type SenderPlan = SendPlan & { id: number; from: string; text: string };
export type SenderAnswer = { id: number } & ({ ok: true; mailsPerSecond: number } | { ok: false; error: string });

/** Reads SMTP replies off a socket: `next()` resolves with the next complete reply (its last line). */
class ReplyReader {
  private buffer = '';
  private readonly replies: string[] = [];
  private readonly waiting: { resolve: (reply: string) => void; reject: (error: Error) => void }[] = [];
  private failure: Error | null = null;

  constructor(socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (let end = this.buffer.indexOf('\r\n'); end >= 0; end = this.buffer.indexOf('\r\n')) {
        const line = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        // "250-…" continues a multi-line reply; "250 …" ends it.
        if (line[3] === '-') continue;
        const waiter = this.waiting.shift();
        if (waiter) waiter.resolve(line);
        else this.replies.push(line);
      }
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiter of this.waiting.splice(0)) waiter.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the connection closed')));
  }

  next(): Promise<string> {
    const reply = this.replies.shift();
    if (reply !== undefined) return Promise.resolve(reply);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  async expect(code: string): Promise<void> {
    const reply = await this.next();
    if (!reply.startsWith(code)) throw new Error(`expected ${code}, got: ${reply}`);
  }
}

/** A plain-text message as a mail client writes it: quoted-printable, lines within 76 characters. */
function messageOf(plan: SenderPlan, to: string, n: number): string {
  const softBroken = plan.text
    .split('\n')
    // Trailing blanks dropped: quoted-printable would have to encode them.
    .map((line) => (line.replace(/[ \t]+$/, '').match(/.{1,75}/g) ?? ['']).join('=\r\n'))
    .join('\r\n');
  const body = softBroken.replace(/^\./gm, '..');
  return [
    `From: ${plan.from}`,
    `To: ${to}`,
    `Subject: Report ${n}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${randomUUID()}@bench.example.com>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    body,
    '.',
    '',
  ].join('\r\n');
}

async function openLane(port: number): Promise<{ socket: Socket; replies: ReplyReader }> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.setNoDelay(true);
  const replies = new ReplyReader(socket);
  await replies.expect('220');
  socket.write('EHLO bench.example.com\r\n');
  await replies.expect('250');
  return { socket, replies };
}

async function send(plan: SenderPlan): Promise<number> {
  const lanes = await Promise.all(Array.from({ length: plan.connections }, () => openLane(plan.port)));
  const started = performance.now();
  let next = 0;
  const take = (): number | null => (next < plan.messages ? next++ : null);
  await Promise.all(
    lanes.map(async ({ socket, replies }) => {
      for (let n = take(); n !== null; n = take()) {
        if (plan.rate) {
          // Mail n leaves at its slot on the schedule, however long the previous ones took.
          const due = started + (n * 1000) / plan.rate;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
        const to = plan.recipients[n % plan.recipients.length] ?? '';
        // The envelope in one write (PIPELINING), then the message once DATA is accepted.
        socket.write(`MAIL FROM:<${plan.from}>\r\nRCPT TO:<${to}>\r\nDATA\r\n`);
        await replies.expect('250');
        await replies.expect('250');
        await replies.expect('354');
        socket.write(messageOf(plan, to, n));
        await replies.expect('250');
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const { socket } of lanes) socket.end('QUIT\r\n');
  return plan.messages / seconds;
}

process.on('message', (plan: SenderPlan) => {
  send(plan).then(
    (mailsPerSecond) => process.send?.({ id: plan.id, ok: true, mailsPerSecond } satisfies SenderAnswer),
    (error: unknown) => process.send?.({ id: plan.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies SenderAnswer),
  );
});
// The bench's process went away: so does its client.
process.on('disconnect', () => process.exit(0));
