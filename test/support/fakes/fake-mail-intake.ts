import type { IntakeRecipient, MailIntake } from '../../../src/modules/mail/application/ports/mail-intake.port.js';
import type { SmtpEnvelope } from '../../../src/modules/mail/application/ports/sender-authenticator.port.js';

export interface Received {
  envelope: SmtpEnvelope;
  raw: Buffer;
  recipients: IntakeRecipient[];
}

/**
 * An in-memory MailIntake: knows a set of forward addresses, stores what it receives, and can be told
 * to take its time or to fail. `events` records the order of what happened, for timing assertions.
 */
export class FakeMailIntake implements MailIntake {
  readonly stored: Received[] = [];
  readonly events: string[] = [];
  /** receive() calls, stored or not. */
  calls = 0;
  receiveDelayMs = 0;
  failWith: Error | null = null;
  private readonly known: Set<string>;

  constructor(knownRecipients: string[] = []) {
    this.known = new Set(knownRecipients.map((a) => a.toLowerCase()));
  }

  /** Each known address leads to a document of its own, named after it. */
  async resolveRecipient(address: string): Promise<IntakeRecipient | null> {
    const key = address.toLowerCase();
    return this.known.has(key) ? { documentId: `doc:${key}`, ownerId: 'owner' } : null;
  }

  async receive(input: { envelope: SmtpEnvelope; raw: Buffer; recipients: IntakeRecipient[] }): Promise<{ messageIds: string[] }> {
    this.calls += 1;
    this.events.push('receive started');
    if (this.receiveDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.receiveDelayMs));
    if (this.failWith) {
      this.events.push('receive failed');
      throw this.failWith;
    }
    this.stored.push({ envelope: input.envelope, raw: Buffer.from(input.raw), recipients: input.recipients });
    this.events.push('receive resolved');
    return { messageIds: [`msg-${this.stored.length}`] };
  }
}
