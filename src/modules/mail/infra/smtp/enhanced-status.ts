import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';

/** The reply text of a message refused because DATA_DIR is short of space (docs/operations.md § Disk space). */
export const INSUFFICIENT_STORAGE = 'Insufficient system storage';

/**
 * Reply texts whose enhanced status code (RFC 3463) the reply code alone does not tell. smtp-server derives
 * the enhanced code of a callback's error from its reply code, and makes every 452 a `4.2.2` ("mailbox
 * full"): a full disk on our side is `4.3.1` ("mail system full"), which tells the sending server's
 * operator that the whole system, not one mailbox, is short of room. smtp-server names that context only
 * for its own replies, so the one reply text is mapped to it here.
 */
const CONTEXT_OF_TEXT: ReadonlyMap<string, string> = new Map([[INSUFFICIENT_STORAGE, 'SYSTEM_FULL']]);

let installed = false;

/** Idempotent; called by the listener before it accepts a connection. */
export function installEnhancedStatusContexts(): void {
  if (installed) return;
  installed = true;
  const send = SMTPConnection.prototype.send;
  SMTPConnection.prototype.send = function sendWithContext(this: SMTPConnection, code, data, context) {
    const named = context === undefined && typeof data === 'string' ? CONTEXT_OF_TEXT.get(data) : undefined;
    send.call(this, code, data, named ?? context);
  };
}
