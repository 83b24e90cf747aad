/** Google Docs slows down and then refuses past about 1,000,000 characters; warn well before. */
export const DOC_SIZE_WARNING_CHARACTERS = 900_000;

/**
 * A short, stable reference of the mail printed in its block. Before writing, the pipeline looks for it
 * in the document: a block that was written just before a crash is found and never written twice.
 */
export function blockRef(messageId: string): string {
  return `ref ${messageId.replace(/-/g, '').slice(0, 12)}`;
}

export function formatMailDate(date: Date): string {
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

export function composeBlock(input: { messageId: string; subject: string; sender: string; date: Date; body: string }) {
  return {
    heading: input.subject.trim() || '(no subject)',
    meta: `From ${input.sender} · ${formatMailDate(input.date)} · ${blockRef(input.messageId)}`,
    body: input.body,
  };
}
