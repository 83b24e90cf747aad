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
 * The subject itself, without any chain of `Fwd:` / `FW:` / `Re:` / `AW:` … prefixes in front of it:
 * `Fwd: FW: Re: Contract renewal` → `Contract renewal`. Runs at most a bounded number of rounds, so a
 * hostile subject of ten thousand prefixes costs little.
 */
export function baseSubject(subject: string): string {
  let current = subject.replace(/\s+/g, ' ').trim();
  for (let round = 0; round < 50; round += 1) {
    const next = current.replace(TAG, '').replace(PREFIX, '');
    if (next === current) break;
    current = next;
  }
  return current.trim();
}
