import type { AddressInfo } from 'node:net';
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerOptions,
  type SMTPServerSession,
} from 'smtp-server';
import type { IntakeRecipient } from '../../application/ports/mail-intake.port.js';
import { ConnectionAdmission } from './connection-admission.js';
import { createDataHandler } from './data-handler.js';
import { installEnhancedStatusContexts } from './enhanced-status.js';
import { InFlight } from './in-flight.js';
import { KnownPeers } from './known-peers.js';
import { SlidingWindowLimiter } from '../../../../platform/rate-limit/sliding-window-limiter.js';
import { SessionGuards } from './session-guards.js';
import type { SmtpListenerOptions } from './smtp-listener-options.js';
import { smtpError } from './smtp-session.js';
import { TrustedRelays } from './trusted-relays.js';
import { DAY_MS, MINUTE_MS } from '../../../../shared/clock.js';

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
const DEFAULT_CONNECTIONS_PER_NETWORK = { ipv4Slash24: 25, ipv6Slash64: 25 };
const DEFAULT_MAIL_FROM_TIMEOUT_MS = 30_000;
const DEFAULT_RESERVED_CONNECTIONS_PERCENT = 10;
const DEFAULT_KNOWN_PEERS = { ttlMs: 7 * DAY_MS, capacity: 10_000 };
const DEFAULT_SHUTDOWN_GRACE_MS = 30_000;
const DEFAULT_MAX_UNKNOWN_RECIPIENTS = 5;
/** Once in-flight messages are done, idle connections get smtp-server's `421` after this long. */
const IDLE_CLOSE_MS = 250;

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
 * - no room to store it (`storage`): `452 4.3.1 Insufficient system storage` at the end of DATA, nothing stored;
 * - too many connections from the IP: `421 4.7.0 Too many connections, try again later` at connect;
 * - too many from its /24 (IPv4) or /64 (IPv6): `421 4.7.0 Too many connections from your network, …`;
 * - only the reserved connections left and the peer's network has delivered nothing lately:
 *   `421 4.3.2 Too busy, try again later` at connect (see ConnectionAdmission);
 * - no MAIL FROM within `mailFromTimeoutMs` of connecting: `421 4.4.2 No MAIL FROM in time`, then closed;
 * - too many messages from the IP: `421 4.4.2 Rate limit exceeded, try again later` at MAIL FROM
 *   (counted per accepted MAIL FROM, so nothing is transferred; smtp-server derives 4.4.2 from 421);
 * - too many messages from the client behind a trusted relay: `451 4.3.0` at the end of DATA (below);
 * - too many connections in the process (smtp-server `maxClients`): `421 4.4.2 … Too many connected clients`;
 * - idle too long while we wait for a command or DATA bytes (smtp-server `socketTimeout`): `421 4.4.2 Timeout`;
 * - connection older than the session deadline: `421 4.4.2 Session time limit reached`, then closed;
 * - the `maxUnknownRecipients`-th unknown recipient on a connection: its own `550 5.1.1`, then
 *   `421 4.4.2 Too many unknown recipients` and closed. The address is answered truthfully (a 421 in its
 *   place would make an honest sender retry an address that will never exist); the 421 that follows is
 *   RFC 5321's "closing the channel", so the sender's remaining recipients are retried, not bounced;
 * - shutting down: `421 4.3.2 Service shutting down` at connect, `421 4.4.2` at MAIL FROM.
 *
 * Trusted relays: the per-IP and per-network connection limits, the reserve, the MAIL FROM rate and the
 * unknown-recipient disconnect do not apply to a relay's connection (it carries every sender's mail
 * and guards its own clients). The message rate applies instead to the original client, which is only
 * known once DATA's headers are in: so a relayed message is counted at the end of DATA, against the
 * address in the relay's own topmost `Received` header, and refused with a `451` (this message only,
 * the cached connection stays open) when that client is over its limit. When no address can be read the limit is lifted for the message. An
 * untrusted peer is always counted by its TCP address, whatever its headers say.
 */
export async function startSmtpListener(options: SmtpListenerOptions): Promise<SmtpListener> {
  const { intake, maxMessageBytes } = options;
  const log = options.logger.child({ component: 'smtp' });
  const limits = options.limits ?? DEFAULT_LIMITS;
  const knownPeers = options.knownPeers ?? DEFAULT_KNOWN_PEERS;
  const networkLimits = options.connectionsPerNetwork ?? DEFAULT_CONNECTIONS_PER_NETWORK;
  const messageRate = new SlidingWindowLimiter(limits.messagesPerMinutePerIp, MINUTE_MS);
  const relays = new TrustedRelays(options.trustedRelays ?? []);
  const admission = new ConnectionAdmission(
    {
      connectionsPerIp: limits.connectionsPerIp,
      connectionsPerIpv4Slash24: networkLimits.ipv4Slash24,
      connectionsPerIpv6Slash64: networkLimits.ipv6Slash64,
      maxConnections: options.maxConnections ?? null,
      reservedPercent: options.reservedConnectionsPercent ?? DEFAULT_RESERVED_CONNECTIONS_PERCENT,
    },
    new KnownPeers(knownPeers.ttlMs, knownPeers.capacity),
    relays,
  );
  const maxUnknownRecipients = options.maxUnknownRecipients ?? DEFAULT_MAX_UNKNOWN_RECIPIENTS;
  // `smtp` is created below, once its handlers exist; the guards only look at it from a handler on.
  const guards = new SessionGuards(
    () => smtp.connections,
    { sessionMs: options.sessionTimeoutMs ?? null, mailFromMs: options.mailFromTimeoutMs ?? DEFAULT_MAIL_FROM_TIMEOUT_MS },
    log,
  );
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
    const refusal = admission.admit(session.id, ip);
    if (refusal) {
      log.warn({ remoteAddress: ip, reason: refusal.reason, open: admission.open }, 'smtp connection refused');
      callback(smtpError(421, refusal.text));
      return;
    }
    guards.opened(session.id);
    callback();
  };

  const onClose = (session: SMTPServerSession): void => {
    guards.closed(session.id);
    admission.release(session.id);
  };

  const onMailFrom = (_address: SMTPServerAddress, session: SMTPServerSession, callback: (err?: Error | null) => void): void => {
    const ip = session.remoteAddress;
    guards.mailFrom(session.id);
    if (stopping) {
      log.info({ remoteAddress: ip, reason: 'shutting-down' }, 'smtp transaction refused');
      callback(smtpError(421, 'Service shutting down'));
      return;
    }
    // A relay's messages are counted per original client at the end of DATA instead.
    if (!relays.includes(ip) && !messageRate.tryAcquire(ip)) {
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
        // The 550 above is already written; the 421 follows it and smtp-server then closes.
        if (!relays.includes(session.remoteAddress) && guards.unknownRecipient(session.id) >= maxUnknownRecipients) {
          guards.closeNow(session.id, 'Too many unknown recipients, closing connection', 'too-many-unknown-recipients');
        }
      },
      (err: unknown) => {
        log.error({ err, remoteAddress: session.remoteAddress, reason: 'recipient-lookup-failed' }, 'smtp recipient lookup failed');
        callback(smtpError(451, 'Temporary failure, try again later'));
      },
    );
  };

  const onData = createDataHandler({
    intake,
    log,
    relays,
    messageRate,
    guards,
    dataInFlight,
    receives,
    resolvedOf,
    delivered: (remoteAddress) => admission.delivered(remoteAddress),
    storage: options.storage ?? null,
  });

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
    // The idle deadline: smtp-server only counts it while the client owes us input (a command, or DATA
    // bytes), never while the intake is committing a message.
    socketTimeout: options.socketTimeoutMs,
    // Checked by smtp-server before onConnect, with its own `421 … Too many connected clients`.
    maxClients: options.maxConnections,
    closeTimeout: IDLE_CLOSE_MS,
    logger: false,
    onConnect,
    onClose,
    onMailFrom,
    onRcptTo,
    onData,
  };
  installEnhancedStatusContexts();
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
