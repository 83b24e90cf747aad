// The text knowledge of src/text/ is one library for the mail cleaner and the summariser: each list
// per language holds cues that compile alone, and each side now knows the cues the other had.
import { describe, expect, it } from 'vitest';
import { cleanBody } from '../../../src/modules/mail/domain/text/clean-body.js';
import { linesOf } from '../../../src/modules/mail/domain/text/line-kinds.js';
import { isBoilerplate, isSignOff } from '../../../src/modules/summarization/domain/extractive/boilerplate.js';
import { withoutInvisible } from '../../../src/modules/summarization/domain/plain-text.js';
import { APP_PROMOTION, AUTOMATED_NOTICES, CALL_TO_ACTION, CALLS_TO_ACTION, RECEIVING_NOTICES } from '../../../src/text/boilerplate.js';
import { DISCLAIMER_ADDRESSEE_WORDS, DISCLAIMER_OPENINGS, DISCLAIMER_SECRECY_WORDS } from '../../../src/text/disclaimers.js';
import { GREETINGS } from '../../../src/text/greetings.js';
import type { CuesByLanguage } from '../../../src/text/languages.js';
import { CLOSINGS } from '../../../src/text/sign-offs.js';

const LISTS: Record<string, CuesByLanguage> = {
  CLOSINGS, GREETINGS, CALLS_TO_ACTION, APP_PROMOTION, RECEIVING_NOTICES, AUTOMATED_NOTICES, DISCLAIMER_OPENINGS, DISCLAIMER_SECRECY_WORDS, DISCLAIMER_ADDRESSEE_WORDS,
};

describe('the text knowledge', () => {
  it.each(Object.entries(LISTS))('%s: every language has cues, and each cue compiles on its own', (_name, lists) => {
    for (const cues of Object.values(lists)) {
      expect(cues?.length).toBeGreaterThan(0);
      for (const cue of cues ?? []) expect(() => new RegExp(cue, 'iu')).not.toThrow();
    }
  });

  it('lets the cleaner cut a signature after a closing only the summariser knew ("Pozdrawiamy")', () => {
    const text = 'Umowa jest gotowa do podpisu w piątek.\n\nPozdrawiamy\nZespół Acme\ntel. 600 100 200';
    expect(cleanBody(text).text).toBe('Umowa jest gotowa do podpisu w piątek.');
  });

  it.each(['Merci, Marc', 'Gracias, Ana', 'Br, Anna', 'Danke dir, Jan'])('lets the summariser take "%s" for a sign-off, as the cleaner did', (line) => {
    expect(isSignOff(line)).toBe(true);
  });

  it('keeps a sentence that only opens like a closing as content', () => {
    expect(isSignOff('Best Western Hotel Warsaw')).toBe(false);
    expect(isBoilerplate('Merci de confirmer la livraison avant mercredi.')).toBe(false);
  });

  it('drops the same automated-mail notices in the cleaner as in the summariser', () => {
    const text = 'Ihre Bestellung 4471 wird am 12. März versandt.\n\nBitte antworten Sie nicht auf diese E-Mail.\nDiese Nachricht wurde automatisch erstellt.';
    expect(cleanBody(text).text).toBe('Ihre Bestellung 4471 wird am 12. März versandt.');
    expect(isBoilerplate('Bitte antworten Sie nicht auf diese E-Mail.')).toBe(true);
  });

  it.each(['Sprawdź', 'View receipt', 'Open in Slack', 'Comprar ahora', 'Hier klicken'])('reads "%s" alone on a line as a call to action on both sides', (line) => {
    expect(CALL_TO_ACTION.test(line)).toBe(true);
    expect(cleanBody(`The parcel leaves on Monday.\n\n${line}`).text).toBe('The parcel leaves on Monday.');
  });

  it.each([
    ['a combining grapheme joiner', '\u034F'], ['a zero-width space', '\u200B'], ['a bidi isolate', '\u2066'], ['an interlinear annotation mark', '\uFFF9'],
    ['a Khmer filler', '\u17B4'], ['a soft hyphen', '\u00AD'],
  ])('removes %s in the cleaner and in the summariser alike', (_name, character) => {
    expect(linesOf(`in${character}voice`)).toEqual(['invoice']);
    expect(withoutInvisible(`in${character}voice`)).toBe('invoice');
  });
});
