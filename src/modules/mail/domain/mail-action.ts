import { allowableSender, type MailStatus, type Refusal } from './inbound-message.js';

/** What the owner can do about a mail from its row; null when nothing (processed, a duplicate, …). */
export type MailAction = { kind: 'allow-sender'; sender: string } | { kind: 'retry' } | { kind: 'buy-tokens' } | { kind: 'choose-plan' } | null;

export interface ActionFacts {
  status: MailStatus;
  refusal: Refusal | null;
  /** Whether the mail's content is still kept: without it, it cannot be processed again. */
  hasContent: boolean;
  /** Whether the owner has an active plan (only read for a held mail). */
  activePlan: boolean;
}

/**
 * The row's action, decided from stored facts, never from the reason text: a sender not on the list can
 * be allowed (the refused visible From: the sender we can authenticate, never a quoted original sender);
 * a failed mail retried; a held mail needs tokens, or a plan first.
 */
export function actionFor(facts: ActionFacts): MailAction {
  switch (facts.status) {
    case 'ignored': {
      const sender = allowableSender(facts.refusal);
      return sender && facts.hasContent ? { kind: 'allow-sender', sender } : null;
    }
    case 'failed':
      return facts.hasContent ? { kind: 'retry' } : null;
    case 'held':
      return facts.activePlan ? { kind: 'buy-tokens' } : { kind: 'choose-plan' };
    default:
      return null;
  }
}
