import { describe, expect, it } from 'vitest';
import { cleanBody } from '../../../src/modules/mail/domain/text/clean-body.js';

const clean = (text: string): string => cleanBody(text).text;

const JIRA = `Ada Lovelace changed 2 fields
Checkout fails for EU cards (ABC-123)

Key: ABC-123
Assignee: Grace Hopper
Status: To Do → In Progress

Checkout fails for EU cards when 3-D Secure is required.

View issue

Get Jira notifications on your phone! Download the Jira Cloud app for Android ( https://play.google.com/store/apps/details?id=com.atlassian.android.jira.core ) or iOS ( https://itunes.apple.com/app/apple-store/id1006972087 )
This message was sent by Atlassian Jira (v1001.0.0-SNAPSHOT#100250-sha1:f8b5d3d)`;

const GITHUB_REVIEW = `@alice requested your review on: #42 Fix rounding in invoice totals.

—
Reply to this email directly, view it on GitHub:
https://github.com/acme/shop/pull/42#pullrequestreview-1234567
You are receiving this because your review was requested.

Message ID: <acme/shop/pull/42/review_requested/1234567@github.com>`;

const GITHUB_OPENED = `Totals were rounded per line, so a 3-line invoice could be off by a cent.

You can view, comment on, or merge this pull request online at:

  https://github.com/acme/shop/pull/42

File Changes

  (2 files)

  * M src/invoice.ts (12)
  * A test/invoice.test.ts (40)

Patch Links:

  * https://github.com/acme/shop/pull/42.patch

Reply to this email directly, view it on GitHub, or unsubscribe.
You are receiving this because you are subscribed to this thread.`;

describe('cleanBody: tracker and code-review notifications', () => {
  it('drops Jira\'s app promotion, button and "sent by Atlassian" footer, and keeps the fields and the description', () => {
    const text = clean(JIRA);
    expect(text).not.toMatch(/notifications on your phone|Jira Cloud app|Atlassian|View issue/);
    expect(text).toContain('Status: To Do → In Progress');
    expect(text).toContain('Checkout fails for EU cards when 3-D Secure is required.');
  });

  it('drops GitHub\'s reply line (with or without "unsubscribe"), the "receiving this because" line and the message id', () => {
    expect(clean(GITHUB_REVIEW)).toBe('@alice requested your review on: #42 Fix rounding in invoice totals.');
  });

  it('drops a pull request\'s "view, comment on, or merge" line, its file list and its patch links', () => {
    expect(clean(GITHUB_OPENED)).toBe('Totals were rounded per line, so a 3-line invoice could be off by a cent.');
  });

  it.each([
    ['German', 'Laden Sie die Jira Cloud App für Android oder iOS herunter.'],
    ['French', "Téléchargez l'application Jira Cloud pour Android ou iOS."],
    ['Spanish', 'Descarga la aplicación de Jira Cloud para Android o iOS.'],
    ['Polish', 'Pobierz aplikację Jira Cloud na Androida lub iOS.'],
    ['Japanese', 'Jira Cloud アプリをダウンロードしてください。'],
  ])('drops app promotion in %s', (_language, line) => {
    expect(clean(`Der Build ist grün. Le build est vert.\n\n${line}`)).toBe('Der Build ist grün. Le build est vert.');
  });
});

describe('cleanBody: sign-offs with a name and greetings in Japanese', () => {
  it.each([
    ['"Regards, Mallory." with the name on the closing line', 'We can deliver on 3 March.\n\nRegards, Mallory.\nSales | Vendor Ltd.\n+44 20 7946 0000'],
    ['"Kind regards Ana" without a comma', 'We can deliver on 3 March.\n\nKind regards Ana\nVendor Ltd.'],
    ['"Mit freundlichen Grüßen Anna Schmidt"', 'We can deliver on 3 March.\n\nMit freundlichen Grüßen Anna Schmidt\nMuster GmbH'],
    ['"Cordialement, Marie Dubois"', 'We can deliver on 3 March.\n\nCordialement, Marie Dubois\nExemple SARL'],
    ['a thanks, then the name and a short signature', 'We can deliver on 3 March.\n\nThanks for the great collaboration!\nMaya\nFabrikam Design Studio · 77 Canal St, New York'],
  ])('ends the mail at %s', (_case, text) => {
    expect(clean(text)).toBe('We can deliver on 3 March.');
  });

  it('keeps a polite request that starts like a thanks, and a thanks followed by more text', () => {
    expect(clean('La réunion a lieu jeudi.\n\nMerci de confirmer votre présence avant mercredi midi.\n\nRenée')).toContain('Merci de confirmer votre présence avant mercredi midi.');
    expect(clean('The draft is ready.\n\nThanks for the update.\nJohn will send the final version on Friday.')).toContain('John will send the final version on Friday.');
    expect(clean('Book the Best Western.\n\nBest Western Hotel\nKing Street 4, Leeds')).toContain('Best Western Hotel');
  });

  it('drops the addressee line and "お世話になっております" at the top, and the closing with its name at the end', () => {
    const text = clean('山田様\n\nいつもお世話になっております。\n\n来週の打ち合わせは3月12日14時からです。\n\n何卒よろしくお願いいたします。\n佐藤');
    expect(text).toBe('来週の打ち合わせは3月12日14時からです。');
  });
});
