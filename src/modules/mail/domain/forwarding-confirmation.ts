import { normaliseAddress } from './mail-address.js';

/** What Gmail sends to confirm a forwarding address; the user must open the link or type the code. */
export interface ForwardingConfirmation {
  code: string;
  /** Only ever a link on Google's mail hosts; null when the mail carries none. */
  link: string | null;
  /** The Gmail address that asked to forward here. */
  requester: string | null;
}

export interface ForwardingConfirmationInput {
  /** The visible From address. */
  from: string | null;
  subject: string;
  text: string;
  /** Link targets found in the HTML part, if any (the text keeps link text only). */
  links?: readonly string[];
}

const GMAIL_FORWARDING_SENDER = 'forwarding-noreply@google.com';
const SUBJECTS = [/Gmail Forwarding Confirmation/i, /Potwierdzenie przekierowania w Gmailu/i];
const BODY_CODE = /(?:Confirmation code|Kod potwierdzenia)\s*:\s*(\d{6,12})\b/i;
const SUBJECT_CODE = /\(#(\d{6,12})\)/;
const TRUSTED_HOSTS = new Set(['mail-settings.google.com', 'mail.google.com']);
const URL_IN_TEXT = /https?:\/\/[^\s<>"'()[\]]+/gi;
const ADDRESS_IN_TEXT = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+\.[a-z]{2,}/gi;
/** Requesters are named in the subject ("… Receive Mail from a@b.c") or at the start of the body. */
const REQUESTER_IN_BODY = /([^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+\.[a-z]{2,})\s+(?:has requested|poprosił|poprosiła|prosi)/i;

/** A link the user may be shown: https on one of Google's mail-settings hosts, nothing else. */
export function trustedConfirmationLink(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate.replace(/[.,;:!?]+$/, ''));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return null;
  return TRUSTED_HOSTS.has(url.hostname.toLowerCase()) ? url.href : null;
}

function requesterOf(subject: string, text: string): string | null {
  const inSubject = subject.match(ADDRESS_IN_TEXT);
  const candidate = inSubject?.[inSubject.length - 1] ?? REQUESTER_IN_BODY.exec(text.slice(0, 2000))?.[1];
  return candidate ? normaliseAddress(candidate) : null;
}

/**
 * Recognises Gmail's forwarding-confirmation mail (English or Polish) so the document can show the code
 * and the link. The From header alone proves nothing, which is why only Google's own link is kept.
 */
export function detectForwardingConfirmation(input: ForwardingConfirmationInput): ForwardingConfirmation | null {
  if (input.from === null || normaliseAddress(input.from) !== GMAIL_FORWARDING_SENDER) return null;
  const head = input.text.slice(0, 20_000);
  const bodyCode = BODY_CODE.exec(head)?.[1];
  const subjectIsConfirmation = SUBJECTS.some((pattern) => pattern.test(input.subject));
  if (!bodyCode && !subjectIsConfirmation) return null;
  const code = bodyCode ?? SUBJECT_CODE.exec(input.subject)?.[1];
  if (!code) return null;
  const candidates = [...(input.links ?? []), ...(head.match(URL_IN_TEXT) ?? [])];
  const link = candidates.map(trustedConfirmationLink).find((url) => url !== null) ?? null;
  return { code, link, requester: requesterOf(input.subject, head) };
}
