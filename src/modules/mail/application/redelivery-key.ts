import { createHash } from 'node:crypto';

/** How far into a message its header section is looked for. */
const MAX_HEADER_BYTES = 64 * 1024;
/** Trace fields each relay adds or changes on the way: a redelivered copy may differ in them only. */
const TRACE_FIELDS = new Set(['received', 'return-path', 'delivered-to', 'x-received', 'x-original-to', 'x-delivered-to', 'arc-seal', 'arc-message-signature', 'arc-authentication-results', 'authentication-results']);

/**
 * What two deliveries of the same message share: its Message-ID (`mid:<id>`), or, when it has none, a
 * SHA-256 of its content without the trace fields relays add (`sha256:<hex>`). A sending server that
 * retries after losing our `250` sends the same message again; this key recognises it.
 */
export function redeliveryKey(raw: Buffer): string {
  const headerEnd = endOfHeader(raw);
  const header = raw.subarray(0, headerEnd).toString('latin1');
  const fields = header.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  const messageId = fields.find((field) => /^message-id\s*:/i.test(field))?.replace(/^message-id\s*:\s*/i, '').trim();
  const id = messageId ? /<([^<>\s]{1,900})>/.exec(messageId)?.[1] ?? messageId.slice(0, 900) : '';
  if (id) return `mid:${id.toLowerCase()}`;
  const hash = createHash('sha256');
  for (const field of fields) {
    const name = field.slice(0, field.indexOf(':')).trim().toLowerCase();
    if (!TRACE_FIELDS.has(name)) hash.update(`${field}\n`);
  }
  hash.update(raw.subarray(headerEnd));
  return `sha256:${hash.digest('hex')}`;
}

function endOfHeader(raw: Buffer): number {
  const window = raw.subarray(0, MAX_HEADER_BYTES);
  const crlf = window.indexOf('\r\n\r\n');
  const lf = window.indexOf('\n\n');
  const candidates = [crlf, lf].filter((index) => index >= 0);
  return candidates.length > 0 ? Math.min(...candidates) : Math.min(raw.length, MAX_HEADER_BYTES);
}
