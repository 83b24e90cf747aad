import { alternation, type CuesByLanguage } from './languages.js';

/**
 * Legal disclaimers under a mail: how one opens, and the two things one always speaks of (secrecy and
 * a wrong addressee). Deciding what is a disclaimer is the cleaner's (mail/domain/text/disclaimers.ts).
 */
export const DISCLAIMER_OPENINGS = {
  en: [
    'confidentiality notice', '(?:legal )?disclaimer', 'notice of confidentiality', 'privileged (?:and|&) confidential',
    'this (?:e-?mail|message|communication)(?: and any (?:attachments?|files)[^.]{0,40})? (?:is|are|may be|contains?|may contain) (?:strictly )?(?:confidential|privileged)',
    '(?:the )?information (?:contained )?in this (?:e-?mail|message)[^.]{0,60}(?:confidential|privileged)',
  ],
  pl: [
    'klauzula poufności', 'informacja poufna', 'ta wiadomość[^.]{0,80}poufn', 'niniejsza wiadomość[^.]{0,80}poufn',
    'treść (?:tej|niniejszej) wiadomości[^.]{0,80}poufn',
  ],
  de: ['haftungsausschluss', 'vertraulichkeitshinweis', 'diese (?:e-?mail|nachricht)[^.]{0,80}vertrauliche'],
  fr: ['avis de confidentialité', 'ce (?:message|courriel|e-?mail)[^.]{0,80}confidenti'],
  es: ['aviso (?:de confidencialidad|legal)', 'este (?:mensaje|correo)[^.]{0,80}confidencial'],
} as const satisfies CuesByLanguage;

export const DISCLAIMER_SECRECY_WORDS = {
  en: ['confidential', 'privileged'],
  pl: ['poufn', 'tajemnic'],
  de: ['vertraulich'],
  fr: ['confidentiel'],
  es: ['confidencial'],
  it: ['riservat'],
} as const satisfies CuesByLanguage;

export const DISCLAIMER_ADDRESSEE_WORDS = {
  en: ['intended (?:solely )?(?:for|recipient)', 'addressee', 'received (?:this|it) in error', 'notify the sender'],
  pl: ['adresat', 'omyłkow', 'błędnie'],
  de: ['empfänger', 'irrtümlich'],
  fr: ['destinataire', 'par erreur'],
  es: ['destinatario', 'por error'],
} as const satisfies CuesByLanguage;

/** A paragraph that opens like this is a legal disclaimer, whatever its length. */
export const DISCLAIMER_START = new RegExp(`^(?:${alternation(DISCLAIMER_OPENINGS)})`, 'iu');
/** A disclaimer needs a word from each of these two. */
export const DISCLAIMER_SECRECY = new RegExp(alternation(DISCLAIMER_SECRECY_WORDS), 'iu');
export const DISCLAIMER_ADDRESSEE = new RegExp(alternation(DISCLAIMER_ADDRESSEE_WORDS), 'iu');
