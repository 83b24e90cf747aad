/**
 * Reply and forward prefixes as mail clients write them: English (Re, Fw, Fwd), French (TR, RE), German
 * (AW, WG), Spanish/Portuguese (RV, RES, ENC), Polish (Odp, PD), Dutch (Antw, Doorst), Nordic (SV, VS, VB),
 * Italian (R, I, Rif), Turkish (YNT), Chinese and Japanese (回复, 转发, 返信, 転送), with an optional counter
 * (`Re[2]:`, `RE(3):`) and a full-width colon.
 */
const PREFIX =
  /^\s*(?:re|fw|fwd|tr|aw|wg|rv|res|enc|odp|pd|antw|doorst|sv|vs|vb|r|i|rif|ynt|回复|回覆|转发|轉寄|返信|転送)\s*(?:\[\d{1,3}\]|\(\d{1,3}\))?\s*[:：]\s*/i;
/** Tags some mail systems put in front: `[External]`, `[EXT]`, `*EXTERNAL*`. */
const TAG = /^\s*(?:\[(?:external|ext|extern|zewnętrzny)\]|\*external\*)\s*/i;

/**
 * A subject is a heading and a row in a list: past this it is no longer read, and a 200 KB subject
 * would otherwise become a 200 KB heading, row and ledger description.
 */
export const MAX_SUBJECT_CHARS = 200;
/** The prefix rounds below strip at most this much, so the rest of a huge subject is never scanned. */
const SCANNED_CHARS = 4_000;

/**
 * The subject itself, without any chain of `Fwd:` / `FW:` / `Re:` / `AW:` … prefixes in front of it:
 * `Fwd: FW: Re: Contract renewal` → `Contract renewal`, capped at MAX_SUBJECT_CHARS (see capSubject).
 * Runs at most a bounded number of rounds, so a hostile subject of ten thousand prefixes costs little.
 */
export function baseSubject(subject: string): string {
  let current = subject.replace(/\s+/g, ' ').trim().slice(0, SCANNED_CHARS);
  for (let round = 0; round < 50; round += 1) {
    const next = current.replace(TAG, '').replace(PREFIX, '');
    if (next === current) break;
    current = next;
  }
  return capSubject(current);
}

/**
 * A subject of at most `max` characters: cut at the last space that keeps at least half of it and
 * ended with "…"; a subject without such a space (one long word, Japanese) is cut where it must be.
 */
export function capSubject(subject: string, max = MAX_SUBJECT_CHARS): string {
  const trimmed = subject.trim();
  if (trimmed.length <= max) return trimmed;
  let head = trimmed.slice(0, max - 1);
  // Never leave half of a surrogate pair (an emoji) at the cut.
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  const space = head.lastIndexOf(' ');
  const cut = space >= max / 2 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,;:.–—-]+$/u, '') || cut}…`;
}
