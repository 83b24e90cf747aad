import { MONEY } from './facts.js';
import { CLOSING, SIGNED_NAME } from '../../../../text/sign-offs.js';
import { ATTACHMENT_POINTER, FLUFF, POINTER, REQUEST } from './mail-cues.js';

/**
 * Sentences that are never content, whatever their score: pleasantries and courtesy lines, a sign-off
 * with the writer's name after it ("Regards, Mallory."), notification footers, and a line that is only
 * an opaque identifier (a message id, a long hex or base64 token).
 */
export function isBoilerplate(text: string): boolean {
  return FLUFF.test(text) || isSignOff(text) || isOpaqueIdentifier(text);
}

/** "Regards, Mallory." / "Best, Ana" / "Mit freundlichen Grüßen Anna Müller": a closing, then a name. */
export function isSignOff(text: string): boolean {
  if (text.length > 80) return false;
  if (CLOSING.test(text)) return true;
  // Every place the closing could end: after it, a comma or a dash, and a name. Without a comma the
  // closing must be more than one word ("Kind regards Ana"): "Best Western Hotel" is a name, not a sign-off.
  for (const split of text.matchAll(/\s*[,–—-]\s*|\s+/g)) {
    const head = text.slice(0, split.index);
    const name = text.slice(split.index + split[0].length);
    const punctuated = /[,–—-]/.test(split[0]);
    if (head !== '' && (punctuated || /\s/.test(head)) && CLOSING.test(head) && SIGNED_NAME.test(name)) return true;
  }
  return false;
}

/** A message id, or a token of 24+ hex or 32+ base64 characters, alone or after its label. */
const OPAQUE = /^(?:[\p{L} -]{1,30}:\s?)?(?:<[^\s<>@]{1,200}@[^\s<>]{1,200}>|[0-9a-f]{24,}|(?=[A-Za-z0-9+/_-]*\d)(?=[A-Za-z0-9+/_-]*[A-Za-z])[A-Za-z0-9+/_-]{32,}={0,2})\.?$/iu;

export function isOpaqueIdentifier(text: string): boolean {
  return text.length <= 300 && OPAQUE.test(text);
}

const POINTERS = new RegExp(POINTER.source, `${POINTER.flags}g`);

/**
 * "Please find our quotation below.", "The order lines are attached as order-10-7734.csv.": it points
 * at content and asks nothing. A pointer that also asks something ("Attached is the contract, please
 * sign it by Friday") is a request; a sentence that only says a file is attached is a pointer unless it
 * names an amount ("The invoice for EUR 1,240 is attached.").
 */
export function isPointer(text: string): boolean {
  if (REQUEST.test(withoutPointer(text))) return false;
  return POINTER.test(text) || (ATTACHMENT_POINTER.test(text) && !MONEY.test(text));
}

/** The sentence with its pointer phrases taken out, to see whether anything else is asked. */
export function withoutPointer(text: string): string {
  return text.replace(POINTERS, ' ');
}
