import { describe, expect, it } from 'vitest';
import { isPointer } from '../../../src/modules/summarization/domain/extractive/boilerplate.js';
import { summariseExtractively, type MailText } from '../../../src/modules/summarization/domain/extractive/extractive-summary.js';
import { digestTables } from '../../../src/modules/summarization/domain/extractive/table-digest.js';
import { unitsOf } from '../../../src/modules/summarization/domain/extractive/units.js';
import type { Summary } from '../../../src/modules/summarization/domain/summary.js';

const texts = (text: string, document = true): string[] => unitsOf(text, { document }).map((unit) => unit.text);

function everything(summary: Summary): string {
  return [summary.summary, ...summary.keyPoints, ...summary.actionItems].join('\n');
}

/** An incident report as a text file: a timeline, then sections under headings in capitals. */
const INCIDENT_REPORT = `INCIDENT REPORT INC-2031-0407
Severity: SEV-2
Date: Mon 7 Apr 2031

TIMELINE (UTC)
09:02  Alert: login error rate above 8% (pager to on-call)
09:10  On-call acknowledges; the identity service returns HTTP 503 errors
09:34  Incident declared SEV-2; status page updated
10:05  Cache cluster restarted with the previous configuration
10:20  Error rate back to normal; incident resolved

IMPACT
- 78 min of failed or slow logins (09:02-10:20 UTC)
- About 22% of login attempts failed; some 4,300 users could not sign in
- No data loss

ROOT CAUSE
A configuration push set the session cache's memory limit to 64 MB. The cache evicted live
sessions and the identity service fell back to the database, which was overloaded.

FOLLOW-UPS
1. Validate cache limits in the deploy pipeline - owner: Ines Duarte - due 14 Apr 2031
2. Load-test the database fallback - owner: Tom Becker - due 30 Apr 2031
3. Page on-call when evictions exceed 1,000 a minute - owner: Ines Duarte - due 18 Apr 2031
`;

const report = (text = INCIDENT_REPORT, body = 'Hi all, the incident report for Monday\'s login outage is attached.'): Summary =>
  summariseExtractively({ subject: 'Incident report INC-2031-0407', text: body, kind: 'message', attachments: [{ name: 'incident.txt', text }] });

describe('unitsOf: a document\'s lines keep their structure', () => {
  it('keeps each timestamped line of a timeline its own unit', () => {
    const units = texts('09:10  On-call acknowledges; the identity service returns HTTP 503 errors\n09:34  Incident declared SEV-2; status page updated\n10:20  Error rate back to normal');
    expect(units).toEqual([
      '09:10 On-call acknowledges; the identity service returns HTTP 503 errors',
      '09:34 Incident declared SEV-2; status page updated',
      '10:20 Error rate back to normal',
    ]);
  });

  it('keeps a timeline apart in a mail\'s body too', () => {
    const units = texts('2031-04-07 09:10 On-call acknowledges, the identity service returns errors\n2031-04-07 09:34 Incident declared', false);
    expect(units).toHaveLength(2);
  });

  it('never glues a line onto a heading in capitals or a letterhead, nor them onto the next line', () => {
    expect(texts('MENUISERIE MOREAU - 8 rue des Artisans - 44000 Nantes\nDEVIS N° D-2026-311\nObjet : rénovation de la cuisine')).toEqual([
      'MENUISERIE MOREAU - 8 rue des Artisans - 44000 Nantes',
      'DEVIS N° D-2026-311',
      'Objet : rénovation de la cuisine',
    ]);
    expect(texts('The renewal job has been failing since 2 Nov without any alert\nNEXT STEPS\nAdd an alert.')).toEqual([
      'The renewal job has been failing since 2 Nov without any alert',
      'NEXT STEPS',
      'Add an alert.',
    ]);
  });

  it('never glues a line onto a timestamped line, a `label: value` line or a list item', () => {
    expect(texts('The service was degraded for most of the morning shift\n09:34 Incident declared')).toHaveLength(2);
    expect(texts('The service was degraded for most of the morning shift\nSeverity: SEV-2')).toHaveLength(2);
    expect(texts('The service was degraded for most of the morning shift\n- No data was lost.')).toHaveLength(2);
  });

  it('ends a row of a price list at its amount', () => {
    expect(texts('4. Pose et ajustements (3 jours)                1 260,00 EUR\nRemise fidélité 5 %')).toEqual(['Pose et ajustements (3 jours) 1 260,00 EUR', 'Remise fidélité 5 %']);
  });

  it('still joins prose wrapped over two lines, and an IBAN in capitals is no heading', () => {
    expect(texts('An expired TLS certificate on the internal load balancer. The renewal job\nhad been failing silently since 2 Nov.')).toEqual([
      'An expired TLS certificate on the internal load balancer.',
      'The renewal job had been failing silently since 2 Nov.',
    ]);
    expect(texts('IBAN FR76 1027 8073 0000 0205 3450 118 BIC CMCIFR2A\nPlease quote the invoice number as the reference.')).toHaveLength(1);
  });
});

describe('unitsOf: section headings', () => {
  it('marks the first sentence or item under a heading in capitals, and the heading as a heading', () => {
    const units = unitsOf('IMPACT\n- 78 min of failed logins\n- About 22% of logins failed\n\nROOT CAUSE\nA bad configuration push. It set the limit too low.', { document: true });
    const heading = units.find((unit) => unit.text === 'IMPACT');
    expect(heading?.shape).toBe('heading');
    expect(units.filter((unit) => unit.firstInSection).map((unit) => unit.text)).toEqual(['78 min of failed logins', 'A bad configuration push.']);
    expect(units.find((unit) => unit.text === 'It set the limit too low.')?.section).toBe('root cause');
  });

  it('reads `Heading:` on its own and a key heading on a line of its own as section headings', () => {
    const colon = unitsOf('Ursache:\nEin abgelaufenes Zertifikat auf dem Load Balancer.\nDer Job lief nicht.');
    expect(colon.filter((unit) => unit.firstInSection).map((unit) => [unit.section, unit.text])).toEqual([['ursache', 'Ein abgelaufenes Zertifikat auf dem Load Balancer.']]);
    const line = unitsOf('Root cause\n\nAn expired certificate on the load balancer.');
    expect(line.filter((unit) => unit.firstInSection).map((unit) => [unit.section, unit.text])).toEqual([['root cause', 'An expired certificate on the load balancer.']]);
  });

  it('does not take a title with a number for a section heading', () => {
    expect(unitsOf('INCIDENT REPORT INC-2031-0407\nSeverity: SEV-2', { document: true })[0]?.shape).not.toBe('heading');
  });
});

describe('summariseExtractively: a report', () => {
  it('leads with the first line under its impact, root cause and follow-ups', () => {
    const summary = report();
    expect(summary.summary).toContain('78 min of failed or slow logins (09:02-10:20 UTC).');
    expect(summary.summary).toContain("A configuration push set the session cache's memory limit to 64 MB.");
    expect(summary.summary).toContain('Validate cache limits in the deploy pipeline - owner: Ines Duarte - due 14 Apr 2031.');
  });

  it('keeps the rest of its impact, and each timeline entry apart', () => {
    const summary = report();
    expect(everything(summary)).toContain('About 22% of login attempts failed; some 4,300 users could not sign in');
    expect(everything(summary)).not.toMatch(/updated 10:05|resolved 09:|errors 09:34/);
    for (const point of summary.keyPoints) expect(point.match(/\b\d{2}:\d{2}\s+\p{Lu}/gu)?.length ?? 0).toBeLessThanOrEqual(1);
  });

  it('reads German section headings written `Heading:`', () => {
    const text = `Störungsbericht vom 7. April 2031

Auswirkung:
Rund 22 % der Anmeldungen schlugen zwischen 09:02 und 10:20 Uhr fehl.

Ursache:
Ein Konfigurations-Push setzte das Speicherlimit des Session-Caches auf 64 MB.

Maßnahmen:
1. Cache-Limits in der Deploy-Pipeline prüfen - bis 14.04.2031`;
    const summary = report(text, '');
    expect(summary.summary).toContain('Ein Konfigurations-Push setzte das Speicherlimit des Session-Caches auf 64 MB.');
    expect(summary.summary).toContain('Rund 22 % der Anmeldungen schlugen zwischen 09:02 und 10:20 Uhr fehl.');
  });
});

describe('summariseExtractively: a security notice says what to do if it was not the reader', () => {
  const notice = (text: string, subject = 'Reset your password'): Summary => summariseExtractively({ subject, text, kind: 'message' });

  it.each([
    ['ignore this email', "We received a request to reset your password on 17 Nov at 08:03 UTC.\n\nThe link expires in 30 minutes.\n\nIf you didn't request this, ignore this email: your password stays the same."],
    ['contact us', 'A new sign-in to your account from Chrome on Windows on 17 Nov at 08:03 UTC.\n\nIf this wasn\'t you, contact us at security@bank.example right away.'],
    ['change your password', 'Your password was changed on 17 Nov at 08:03 UTC.\n\nIf you did not make this change, change your password now and turn on two-factor authentication.'],
    ['German', 'Ihr Passwort wurde am 17.11. um 08:03 Uhr geändert.\n\nFalls Sie das nicht waren, kontaktieren Sie uns sofort.'],
    ['French', 'Votre mot de passe a été modifié le 17 novembre à 08:03.\n\nSi ce n\'est pas vous, contactez-nous immédiatement.'],
    ['Polish', 'Hasło do Twojego konta zostało zmienione 17 listopada o 08:03.\n\nJeśli to nie Ty, skontaktuj się z nami.'],
  ])('%s: an action item', (_what, text) => {
    const advice = text.split('\n\n').pop() ?? '';
    expect(notice(text).actionItems).toContain(advice);
  });

  it('only in a security notice', () => {
    const plain = 'The team lunch is on Friday at 12:30 in the canteen.\n\nIf this was not you, nothing changes for the menu.';
    expect(summariseExtractively({ subject: 'Team lunch', text: plain, kind: 'message' }).actionItems).toEqual([]);
  });

  it('keeps it as an action item when the summary has other things to say', () => {
    const text = "We received a request to reset the password of your account on 17 Nov 2026 at 08:03 UTC, from Chrome near Lisbon.\n\nThe code expires in 30 minutes. After signing in you will choose a new password.\n\nIf you didn't request this, ignore this email: your password stays the same. We recommend two-factor authentication.";
    expect(notice(text).actionItems).toContain("If you didn't request this, ignore this email: your password stays the same.");
  });
});

describe('summariseExtractively: a pointer to an attachment that was read is not content', () => {
  const order = (body: string, more: Partial<MailText> = {}): Summary =>
    summariseExtractively({
      subject: 'Order 10-7734 confirmed',
      text: body,
      kind: 'message',
      attachments: [{ name: 'order-10-7734.csv', text: 'line: 1; description: Toner HP 59A black; qty: 6; line_total_eur: 855.00\nline: 2; description: Copy paper A4; qty: 20; line_total_eur: 638.00\nunit_price_eur: TOTAL; line_total_eur: 1493.00' }],
      ...more,
    });

  it('leaves out "… are attached as <file>"', () => {
    const summary = order('Your order will ship on 24 Nov 2026 from our Zaragoza warehouse.\n\nThe order lines are attached as order-10-7734.csv.');
    expect(everything(summary)).not.toContain('attached as');
    expect(summary.summary).toContain('24 Nov 2026');
  });

  it.each([
    'The order lines are attached as order-10-7734.csv.',
    'See the attached file for the details.',
    'Attached you will find the order lines.',
    'Die Bestellpositionen finden Sie im Anhang.',
    'Le détail de la commande est en pièce jointe.',
    'Szczegóły zamówienia w załączniku.',
    'Adjunto el detalle del pedido.',
  ])('"%s" is a pointer', (sentence) => {
    expect(isPointer(sentence)).toBe(true);
  });

  it.each([
    ['names an amount', 'The invoice for EUR 1,240.00 is attached.'],
    ['says more than where the file is', 'The contract is attached; the fee rises to GBP 4,850 from 1 January. It also extends the notice period.'],
    ['asks something', 'The contract is attached, please sign it by Friday.'],
  ])('a sentence that %s is not only a pointer', (_what, sentence) => {
    expect(isPointer(sentence)).toBe(false);
  });

  it('keeps the pointer when no attachment could be read', () => {
    const summary = order('The order lines are attached as order-10-7734.csv.', { attachments: [] });
    expect(summary.summary).toBe('The order lines are attached as order-10-7734.csv.');
  });
});

describe('digestTables: a price list\'s total and tax lines with one amount', () => {
  it('reads "Total TTC 7 458,00 EUR" under its net and tax lines as the table\'s total', () => {
    const digest = digestTables('Total HT 6 780,00 EUR\nTVA 10 % 678,00 EUR\nTotal TTC 7 458,00 EUR');
    expect(digest.totals).toEqual(['Total TTC: 7 458,00 EUR']);
    expect(digest.rest).toEqual(['Total HT: 6 780,00 EUR', 'TVA 10 %: 678,00 EUR']);
  });

  it('leaves a sentence about a total as it is', () => {
    const text = 'The total is EUR 400\nShipping is EUR 5';
    expect(digestTables(text)).toEqual({ text, totals: [], items: [], rest: [] });
  });
});
