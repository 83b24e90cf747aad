import type { Logger } from 'pino';
import type { SMTPServerDataResult, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import type { IntakeRecipient, MailIntake } from '../../application/ports/mail-intake.port.js';
import type { InFlight } from './in-flight.js';
import type { SlidingWindowLimiter } from '../../../../platform/rate-limit/sliding-window-limiter.js';
import { originalClientOf } from './received-header.js';
import type { SessionGuards } from './session-guards.js';
import { INSUFFICIENT_STORAGE } from './enhanced-status.js';
import { envelopeOf, smtpError } from './smtp-session.js';
import type { TrustedRelays } from './trusted-relays.js';

type DataCallback = (err?: Error | null, message?: string | SMTPServerDataResult[]) => void;

/** Whether there is room to store a message now (the embedded database's DATA_DIR free space). */
export interface StorageRoom {
  hasRoom(): Promise<boolean>;
}

export interface DataHandlerDeps {
  intake: MailIntake;
  log: Logger;
  relays: TrustedRelays;
  /** Messages a minute per client address, shared with the listener's MAIL FROM check. */
  messageRate: SlidingWindowLimiter;
  guards: SessionGuards;
  /** Messages between DATA and their answer, for a graceful close. */
  dataInFlight: InFlight;
  /** Receives the core started, which a close lets finish. */
  receives: Set<Promise<unknown>>;
  /** What RCPT found for each accepted address of the session's transaction. */
  resolvedOf: (session: SMTPServerSession) => Map<string, IntakeRecipient>;
  /** The peer had a message accepted (`250`): it counts as a known sender from now on. */
  delivered: (remoteAddress: string) => void;
  /** Asked before each commit; without room the message gets `452` and nothing is stored. */
  storage?: StorageRoom | null;
}

/** smtp-server's onData: collects the message, applies the relayed-client limit, hands it to the core. */
export function createDataHandler(deps: DataHandlerDeps) {
  const { intake, log, relays, messageRate, guards, dataInFlight, receives, resolvedOf, delivered, storage } = deps;

  return (stream: SMTPServerDataStream, session: SMTPServerSession, callback: DataCallback): void => {
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
      guards.answered(session.id);
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
      if (relays.includes(envelope.remoteAddress)) {
        const client = originalClientOf(raw);
        if (client && !messageRate.tryAcquire(client)) {
          log.warn({ ...context, originalClient: client, reason: 'message-rate' }, 'smtp message refused');
          answer(smtpError(451, `Rate limit exceeded for ${client}, try again later`));
          return;
        }
      }
      // From here the core decides: the session deadline waits for its answer (see SessionGuards).
      guards.committing(session.id);
      const accepted = resolvedOf(session);
      const recipients = envelope.recipients.flatMap((address) => accepted.get(address.toLowerCase()) ?? []);
      // Null: no room to store it (checked first, so the database never meets a full disk).
      const receiving = (async () => (storage && !(await storage.hasRoom()) ? null : intake.receive({ envelope, raw, recipients })))();
      receives.add(receiving);
      receiving.then(
        (received) => {
          receives.delete(receiving);
          if (received === null) {
            log.warn({ ...context, size, reason: 'insufficient-storage' }, 'smtp message refused');
            answer(smtpError(452, INSUFFICIENT_STORAGE));
            return;
          }
          const { messageIds } = received;
          log.info({ ...context, size, messageIds }, 'smtp message accepted');
          delivered(envelope.remoteAddress);
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
}
