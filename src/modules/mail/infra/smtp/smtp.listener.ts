import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerDataResult,
  type SMTPServerDataStream,
  type SMTPServerOptions,
  type SMTPServerSession,
} from 'smtp-server';
import type { IntakeRecipient, MailIntake } from '../../application/ports/mail-intake.port.js';
import type { SmtpEnvelope } from '../../application/ports/sender-authenticator.port.js';
import { InFlight } from './in-flight.js';
import { ConnectionCounter, SlidingWindowLimiter } from './ip-rate-limiter.js';

export interface SmtpListenerOptions {
  intake: MailIntake;
  host: string;
  /** 0 picks a free port (tests); the bound one is on the returned listener. */
  port: number;
  /** Banner and EHLO name, e.g. the inbound domain. */
  hostname: string;
  /** Size cap announced with SIZE and enforced at MAIL FROM (SIZE=) and at the end of DATA. */
  maxMessageBytes: number;
  /** Recipients per message; default 10. */
  maxRecipients?: number;
  /** Per remote IP; defaults 10 concurrent connections and 60 messages (MAIL FROM) a minute. */
  limits?: { connectionsPerIp: number; messagesPerMinutePerIp: number };
  /** STARTTLS is offered only when given. */
  tls?: { key: Buffer; cert: Buffer } | null;
  /** Idle time allowed while the client owes us input; smtp-server's default (60 s) when unset. */
  socketTimeoutMs?: number;
  /** How long close() lets messages still in DATA finish before their connections are dropped; default 30 s. */
  shutdownGraceMs?: number;
  logger: Logger;
}

export interface SmtpListener {
  /** The bound port (useful with port 0). */
  port: number;
  /** Stops new connections and transactions, waits for messages in flight, then closes every connection. */
  close(): Promise<void>;
  /** New connections get `421 4.3.2`, new transactions on open connections `421`; in-flight messages finish. */
  stopAccepting(): void;
}

const DEFAULT_MAX_RECIPIENTS = 10;
const DEFAULT_LIMITS = { connectionsPerIp: 10, messagesPerMinutePerIp: 60 };
const DEFAULT_SHUTDOWN_GRACE_MS = 30_000;
/** Once in-flight messages are done, idle connections get smtp-server's `421` after this long. */
const IDLE_CLOSE_MS = 250;

type DataCallback = (err?: Error | null, message?: string | SMTPServerDataResult[]) => void;

/**
 * An error for an smtp-server callback: the reply is `responseCode`, then (enhanced status codes are on)
 * the enhanced code smtp-server derives from the reply code, then `message`. Only onConnect's refusal
 * is sent without a derived enhanced code, so its message carries its own.
 */
function smtpError(responseCode: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode });
}

function envelopeOf(session: SMTPServerSession): SmtpEnvelope {
  const { mailFrom, rcptTo } = session.envelope;
  return {
    // The null reverse-path (`MAIL FROM:<>`, bounces) is null, like no MAIL FROM at all.
    mailFrom: mailFrom && mailFrom.address ? mailFrom.address : null,
    recipients: rcptTo.map((r) => r.address),
    remoteAddress: session.remoteAddress,
    // smtp-server keeps `false` here until HELO/EHLO; DATA is never reached before it.
    heloName: session.hostNameAppearsAs || '',
  };
}

/**
 * The built-in SMTP listener (a driving adapter): no AUTH, no relay, recipients checked at RCPT time,
 * the message handed to the core as a plain object and 250 answered only once the core committed it.
 *
 * Replies (ENHANCEDSTATUSCODES is advertised and smtp-server adds the enhanced code to every reply):
 * - unknown recipient: `550 5.1.1 <addr>: no such mailbox`; recipient lookup failing: `451 4.3.0`;
 * - recipient over the limit (smtp-server `maxRecipients`): `452 4.5.3 Error: too many recipients`;
 * - `MAIL FROM … SIZE=n` over the cap (smtp-server `size`): `552 5.3.4`; DATA over the cap
 *   (smtp-server `rejectOversized`, and `stream.sizeExceeded` here): `552 5.3.4`, nothing stored;
 * - intake failing: `451 4.3.0 Temporary failure, try again later` (the sender retries);
 * - too many connections from the IP: `421 4.7.0 Too many connections, try again later` at connect;
 * - too many messages from the IP: `421 4.4.2 Rate limit exceeded, try again later` at MAIL FROM
 *   (counted per accepted MAIL FROM, so nothing is transferred; smtp-server derives 4.4.2 from 421);
 * - shutting down: `421 4.3.2 Service shutting down` at connect, `421 4.4.2` at MAIL FROM.
 */
export async function startSmtpListener(options: SmtpListenerOptions): Promise<SmtpListener> {
  const { intake, maxMessageBytes } = options;
  const log = options.logger.child({ component: 'smtp' });
  const limits = options.limits ?? DEFAULT_LIMITS;
  const connections = new ConnectionCounter(limits.connectionsPerIp);
  const messageRate = new SlidingWindowLimiter(limits.messagesPerMinutePerIp, 60_000);
  /** Session id → IP, for the connections counted against the per-IP limit. */
  const counted = new Map<string, string>();
  const dataInFlight = new InFlight();
  const receives = new Set<Promise<unknown>>();
  let stopping = false;
  let closing: Promise<void> | null = null;

  const onConnect = (session: SMTPServerSession, callback: (err?: Error | null) => void): void => {
    const ip = session.remoteAddress;
    if (stopping) {
      log.info({ remoteAddress: ip, reason: 'shutting-down' }, 'smtp connection refused');
      callback(smtpError(421, '4.3.2 Service shutting down'));
      return;
    }
    if (!connections.tryAcquire(ip)) {
      log.warn({ remoteAddress: ip, reason: 'too-many-connections' }, 'smtp connection refused');
      callback(smtpError(421, '4.7.0 Too many connections, try again later'));
      return;
    }
    counted.set(session.id, ip);
    callback();
  };

  const onClose = (session: SMTPServerSession): void => {
    const ip = counted.get(session.id);
    if (ip === undefined) return;
    counted.delete(session.id);
    connections.release(ip);
  };

  const onMailFrom = (_address: SMTPServerAddress, session: SMTPServerSession, callback: (err?: Error | null) => void): void => {
    const ip = session.remoteAddress;
    if (stopping) {
      log.info({ remoteAddress: ip, reason: 'shutting-down' }, 'smtp transaction refused');
      callback(smtpError(421, 'Service shutting down'));
      return;
    }
    if (!messageRate.tryAcquire(ip)) {
      log.warn({ remoteAddress: ip, reason: 'message-rate' }, 'smtp transaction refused');
      callback(smtpError(421, 'Rate limit exceeded, try again later'));
      return;
    }
    callback();
  };

  // What RCPT found for each accepted address, for DATA. smtp-server gives every transaction (after
  // MAIL FROM or RSET) a new envelope object, so keying on it forgets the last transaction's recipients.
  const resolvedRecipients = new WeakMap<object, Map<string, IntakeRecipient>>();
  const resolvedOf = (session: SMTPServerSession): Map<string, IntakeRecipient> => {
    let resolved = resolvedRecipients.get(session.envelope);
    if (!resolved) {
      resolved = new Map();
      resolvedRecipients.set(session.envelope, resolved);
    }
    return resolved;
  };

  const onRcptTo = (address: SMTPServerAddress, session: SMTPServerSession, callback: (err?: Error | null) => void): void => {
    const recipient = address.address;
    // Wrapped so that an intake throwing synchronously still ends up as a rejection, not a crash.
    (async () => intake.resolveRecipient(recipient))().then(
      (resolved) => {
        if (resolved) {
          resolvedOf(session).set(recipient.toLowerCase(), resolved);
          return callback();
        }
        log.info({ remoteAddress: session.remoteAddress, recipient, reason: 'unknown-recipient' }, 'smtp recipient refused');
        callback(smtpError(550, `<${recipient}>: no such mailbox`));
      },
      (err: unknown) => {
        log.error({ err, remoteAddress: session.remoteAddress, reason: 'recipient-lookup-failed' }, 'smtp recipient lookup failed');
        callback(smtpError(451, 'Temporary failure, try again later'));
      },
    );
  };

  const onData = (stream: SMTPServerDataStream, session: SMTPServerSession, callback: DataCallback): void => {
    const envelope = envelopeOf(session);
    const context = { sessionId: session.id, remoteAddress: envelope.remoteAddress, recipients: envelope.recipients.length };
    const chunks: Buffer[] = [];
    let ended = false;
    let answered = false;
    dataInFlight.start();

    const answer = (err: Error | null, message?: string): void => {
      if (answered) return;
      answered = true;
      dataInFlight.end();
      callback(err, message);
    };

    stream.on('data', (chunk: Buffer) => {
      // Past the cap the rest is drained, not kept: the message is refused at the end anyway.
      if (!stream.sizeExceeded) chunks.push(chunk);
    });
    stream.on('error', (err: Error) => {
      // smtp-server destroys the stream with an error when the client goes away mid-DATA.
      log.info({ ...context, reason: 'aborted', detail: err.message }, 'smtp message aborted');
      answer(err);
    });
    stream.on('close', () => {
      if (!ended) answer(smtpError(451, 'Message not received in full'));
    });
    stream.on('end', () => {
      ended = true;
      const size = stream.byteLength;
      if (stream.sizeExceeded) {
        log.info({ ...context, size, reason: 'message-too-big' }, 'smtp message refused');
        answer(smtpError(552, 'Message too big'));
        return;
      }
      const raw = Buffer.concat(chunks);
      const accepted = resolvedOf(session);
      const recipients = envelope.recipients.flatMap((address) => accepted.get(address.toLowerCase()) ?? []);
      const receiving = (async () => intake.receive({ envelope, raw, recipients }))();
      receives.add(receiving);
      receiving.then(
        ({ messageIds }) => {
          receives.delete(receiving);
          log.info({ ...context, size, messageIds }, 'smtp message accepted');
          answer(null, `OK: queued as ${messageIds.join(' ')}`);
        },
        (err: unknown) => {
          receives.delete(receiving);
          log.error({ ...context, size, err, reason: 'intake-failed' }, 'smtp message not stored');
          answer(smtpError(451, 'Temporary failure, try again later'));
        },
      );
    });
  };

  const serverOptions: SMTPServerOptions = {
    name: options.hostname,
    banner: 'Mailscribe',
    secure: false,
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    hideSTARTTLS: !options.tls,
    // Not an open relay and no submission: nothing to log in to. STARTTLS only with a certificate
    // (hideSTARTTLS alone would still accept the command, with smtp-server's built-in test certificate).
    disabledCommands: options.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    authOptional: true,
    hideENHANCEDSTATUSCODES: false,
    size: maxMessageBytes,
    rejectOversized: true,
    maxRecipients: options.maxRecipients ?? DEFAULT_MAX_RECIPIENTS,
    disableReverseLookup: true,
    socketTimeout: options.socketTimeoutMs,
    closeTimeout: IDLE_CLOSE_MS,
    logger: false,
    onConnect,
    onClose,
    onMailFrom,
    onRcptTo,
    onData,
  };
  const smtp = new SMTPServer(serverOptions);
  smtp.on('error', (err: Error & { code?: string }) => {
    // Socket errors of single connections (a client resetting mid-transaction) land here.
    log.warn({ code: err.code, detail: err.message }, 'smtp connection error');
  });

  await new Promise<void>((resolve, reject) => {
    const onListenError = (err: Error): void => reject(err);
    smtp.server.once('error', onListenError);
    smtp.listen(options.port, options.host, () => {
      smtp.server.off('error', onListenError);
      resolve();
    });
  });
  const port = (smtp.server.address() as AddressInfo).port;
  log.info({ host: options.host, port, starttls: Boolean(options.tls), maxMessageBytes }, 'smtp listening');

  const stopAccepting = (): void => {
    stopping = true;
  };

  const close = (): Promise<void> => {
    closing ??= (async () => {
      stopping = true;
      const drained = await dataInFlight.idle(options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS);
      if (!drained) log.warn({ inFlight: dataInFlight.size }, 'smtp shutdown grace over; dropping messages still in DATA');
      // Stops listening; commands on open connections now get 421 and idle ones are closed shortly.
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      // A receive the core started cannot be cancelled: let it commit (or fail) before the caller
      // closes the database.
      await Promise.allSettled([...receives]);
      log.info('smtp closed');
    })();
    return closing;
  };

  return { port, close, stopAccepting };
}
