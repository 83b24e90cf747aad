import { describe, expect, it } from 'vitest';
import { summariseExtractively } from '../../../src/modules/summarization/domain/extractive/extractive-summary.js';
import type { Summary } from '../../../src/modules/summarization/domain/summary.js';

const summarise = (subject: string, text: string): Summary => summariseExtractively({ subject, text, kind: 'message' });

function everything(summary: Summary): string {
  return [summary.summary, ...summary.keyPoints, ...summary.actionItems].join('\n');
}

/** A Jira Cloud update as the mail cleaner hands it over (footer and buttons already gone). */
const JIRA_UPDATE = `Ada Lovelace changed 2 fields
Checkout fails for EU cards (ABC-123)

Key: ABC-123
Project: Checkout
Issue Type: Bug
Reporter: Ada Lovelace
Assignee: Grace Hopper
Priority: High
Status: To Do → In Progress
Labels: payments, eu
Created: 28/Feb/25 09:12
Updated: 03/Mar/25 14:02

Checkout fails for EU cards when 3-D Secure is required. About 4% of EU orders fail at payment since 27 February.`;

const JIRA_CREATED = `Grace Hopper created an issue

Key: OPS-7
Issue Type: Task
Reporter: Grace Hopper
Assignee: Mikel Ortiz
Priority: Medium
Status: Open
Due Date: 14/Mar/25

The certificate for api.example.com expires on 20 March 2025. Please rotate it before the freeze.`;

describe('summariseExtractively: tracker and code-review notifications', () => {
  it('gives a Jira update by what changed and who must act, without the fields that only file the issue', () => {
    const summary = summarise('[JIRA] (ABC-123) Checkout fails for EU cards', JIRA_UPDATE);

    expect(summary.summary).toMatch(/^Status: To Do → In Progress\. Assignee: Grace Hopper\./);
    expect(everything(summary)).toContain('27 February');
    for (const field of ['Key:', 'Project:', 'Issue Type:', 'Reporter:', 'Priority:', 'Labels:', 'Created:', 'Updated:']) expect(everything(summary)).not.toContain(field);
  });

  it('keeps the assignee and the due date of a new Jira issue, and its request as an action item', () => {
    const summary = summarise('[JIRA] (OPS-7) Rotate the TLS certificate', JIRA_CREATED);

    expect(summary.summary).toMatch(/^Assignee: Mikel Ortiz\. Due Date: 14\/Mar\/25\./);
    expect(summary.actionItems).toEqual(['Please rotate it before the freeze.']);
    expect(everything(summary)).not.toMatch(/Status: Open|Priority|Issue Type|OPS-7/);
  });

  it('reads a German Jira update, whose change says "war:"', () => {
    const text = 'Vorgang aktualisiert\n\nSchlüssel: ABC-9\nVorgangstyp: Fehler\nBearbeiter: Anna Schmidt\nAutor: Jan Kowalski\nPriorität: Hoch\nStatus: In Arbeit (war: Offen)\n\nDer Export bricht bei mehr als 10.000 Zeilen ab.';
    const summary = summarise('[JIRA] (ABC-9) Export fails', text);

    expect(summary.summary).toBe('Status: In Arbeit (war: Offen). Bearbeiter: Anna Schmidt.');
    expect(everything(summary)).not.toMatch(/Schlüssel|Vorgangstyp|Autor|Priorität/);
  });

  it('makes a GitHub review request the reader\'s action item, and the pull request\'s description the summary', () => {
    const text = '@alice requested your review on: #42 Fix rounding in invoice totals.\n\nTotals were rounded per line instead of per invoice, so a 3-line invoice could be off by 1 cent.';
    const summary = summarise('Re: [acme/shop] Fix rounding in invoice totals (PR #42)', text);

    expect(summary.actionItems).toEqual(['@alice requested your review on: #42 Fix rounding in invoice totals.']);
    expect(summary.summary).toBe('Totals were rounded per line instead of per invoice, so a 3-line invoice could be off by 1 cent.');
  });

  it('says what a merge notification says', () => {
    expect(summarise('Re: [acme/shop] Fix rounding (PR #42)', 'Merged #42 into main.').summary).toBe('Merged #42 into main.');
  });

  it('never lets GitHub\'s or Jira\'s footer through when the text reaches it uncleaned', () => {
    const text = [
      'Merged #42 into main.',
      '',
      'Reply to this email directly, view it on GitHub, or unsubscribe.',
      'You are receiving this because you authored the thread.',
      'Message ID: <acme/shop/pull/42/issue_event/123456@github.com>',
      '',
      'Get Jira notifications on your phone! Download the Jira Cloud app for Android or iOS',
    ].join('\n');
    expect(summarise('PR #42', text)).toEqual({ title: 'PR #42', summary: 'Merged #42 into main.', keyPoints: [], actionItems: [] });
  });

  it('leaves a field list that is not a tracker\'s alone (a booking\'s status and type)', () => {
    const summary = summariseExtractively({
      subject: 'Your booking',
      text: 'Booking reference: QX7P2L\nType: Economy\nStatus: Confirmed\nCreated: 3 March 2025\n\nYour flight departs at 07:05.',
      kind: 'booking',
    });
    expect(everything(summary)).toContain('Status: Confirmed');
    expect(everything(summary)).toContain('Type: Economy');
  });
});
