import { describe, expect, it } from 'vitest';
import { cleanBody } from '../../../src/modules/mail/domain/text/clean-body.js';

const clean = (text: string): string => cleanBody(text).text;

describe('cleanBody: quoted history from each client', () => {
  it.each([
    [
      'Gmail (attribution wrapped over two lines)',
      `Sounds good, Thursday works for me.

On Mon, Jun 3, 2024 at 10:00 AM Ada Lovelace <
ada@example.com> wrote:

> Can we meet on Thursday at 3pm?
> Ada`,
    ],
    ['Apple Mail', `Sounds good, Thursday works for me.\n\n> On 3 Jun 2024, at 10:00, Ada Lovelace <ada@example.com> wrote:\n>\n> Can we meet on Thursday at 3pm?`],
    ['Thunderbird (unquoted text below the attribution)', `Sounds good, Thursday works for me.\n\nOn 03.06.2024 10:00, Ada Lovelace wrote:\nCan we meet on Thursday at 3pm?`],
    ['Yahoo', `Sounds good, Thursday works for me.\n\n    On Monday, June 3, 2024 at 10:00:00 AM GMT+2, Ada Lovelace <ada@example.com> wrote:\n\nCan we meet on Thursday at 3pm?`],
    ['German', `Sounds good, Thursday works for me.\n\nAm 03.06.2024 um 10:15 schrieb Anna Schmidt <anna@example.de>:\n> Können wir uns am Donnerstag treffen?`],
    ['French', `Sounds good, Thursday works for me.\n\nLe lun. 3 juin 2024 à 10:00, Marc Dubois <marc@example.fr> a écrit :\n> On se voit jeudi ?`],
    ['Spanish', `Sounds good, Thursday works for me.\n\nEl lun, 3 jun 2024 a las 10:00, Ana García (<ana@example.es>) escribió:\n> ¿Nos vemos el jueves?`],
    ['Polish', `Sounds good, Thursday works for me.\n\nW dniu 3.06.2024 o 10:00, Jan Kowalski <jan@example.pl> pisze:\n> Czy możemy spotkać się w czwartek?`],
    ['Polish (Gmail form)', `Sounds good, Thursday works for me.\n\npon., 3 cze 2024 o 10:00 Jan Kowalski <jan@example.pl> napisał(a):\n> Czy możemy spotkać się w czwartek?`],
    [
      'Outlook desktop (English)',
      `Sounds good, Thursday works for me.

________________________________
From: Ada Lovelace <ada@example.com>
Sent: Monday, June 3, 2024 10:00 AM
To: Jan Kowalski <jan@example.com>
Subject: Meeting

Can we meet on Thursday at 3pm?`,
    ],
    ['Outlook web (bold labels in plain text)', `Sounds good, Thursday works for me.\n\n*From:* Ada Lovelace <ada@example.com>\n*Sent:* Monday, June 3, 2024 10:00 AM\n*To:* Jan\n*Subject:* Meeting\n\nCan we meet?`],
    ['Outlook (German)', `Sounds good, Thursday works for me.\n\nVon: Anna Schmidt <anna@example.de>\nGesendet: Montag, 3. Juni 2024 10:00\nAn: Jan\nBetreff: Treffen\n\nKönnen wir uns treffen?`],
    ['Outlook (French)', `Sounds good, Thursday works for me.\n\nDe : Marc Dubois <marc@example.fr>\nEnvoyé : lundi 3 juin 2024 10:00\nÀ : Jan\nObjet : Réunion\n\nOn se voit jeudi ?`],
    ['Outlook (Spanish)', `Sounds good, Thursday works for me.\n\nDe: Ana García <ana@example.es>\nEnviado el: lunes, 3 de junio de 2024 10:00\nPara: Jan\nAsunto: Reunión\n\n¿Nos vemos el jueves?`],
    ['Outlook (Polish)', `Sounds good, Thursday works for me.\n\nOd: Jan Kowalski <jan@example.pl>\nWysłano: poniedziałek, 3 czerwca 2024 10:00\nDo: Anna\nTemat: Spotkanie\n\nCzy możemy się spotkać?`],
    ['Original Message marker', `Sounds good, Thursday works for me.\n\n-----Original Message-----\nFrom: Ada\nCan we meet on Thursday at 3pm?`],
    ['German Original Message marker', `Sounds good, Thursday works for me.\n\n-----Ursprüngliche Nachricht-----\nVon: Anna\nKönnen wir uns treffen?`],
  ])('%s: keeps the newest message only', (_client, mail) => {
    expect(cleanBody(mail)).toEqual({ text: 'Sounds good, Thursday works for me.', hadQuotedHistory: true });
  });

  it('keeps bottom-posted and inline answers between quoted lines', () => {
    const mail = `On 03.06.2024 10:00, Ada Lovelace wrote:\n> Can we meet on Thursday?\n\nYes, at 3pm.\n\n> And the budget?\n\nEUR 12,500 as agreed.`;
    expect(cleanBody(mail)).toEqual({ text: 'Yes, at 3pm.\n\nEUR 12,500 as agreed.', hadQuotedHistory: true });
  });

  it('keeps the body of a header block that opens the text (a forward the parser did not split)', () => {
    const mail = `---------- Forwarded message ---------\nFrom: Shop <orders@shop.example>\nDate: Mon, Jun 3, 2024\nSubject: Your order\nTo: <jan@example.com>\n\nOrder #A-1234 has shipped.`;
    expect(cleanBody(mail)).toEqual({ text: 'Order #A-1234 has shipped.', hadQuotedHistory: false });
  });

  it('reports no history for a plain message', () => {
    expect(cleanBody('The invoice is attached. Total: EUR 540.')).toEqual({ text: 'The invoice is attached. Total: EUR 540.', hadQuotedHistory: false });
  });
});

describe('cleanBody: signatures', () => {
  it.each([
    ['Best regards,', 'Jan Kowalski\nHead of Finance | ACME Sp. z o.o.\n+48 600 100 200\nwww.acme.example'],
    ['Kind regards', 'Ada Lovelace\nSenior Engineer\nMobile: +44 20 7946 0000'],
    ['Thanks,', 'Ada'],
    ['Cheers', 'Ada'],
    ['Pozdrawiam', 'Jan Kowalski\nKierownik działu finansów\ntel. 600 100 200'],
    ['Mit freundlichen Grüßen', 'Anna Schmidt\nBeispiel GmbH | Musterstraße 1 | 10115 Berlin\nTel.: +49 30 123456'],
    ['Viele Grüße', 'Anna'],
    ['Cordialement,', 'Marc Dubois\nDirecteur commercial'],
    ['Saludos', 'Ana García\nResponsable de compras'],
  ])('drops "%s" and the name, title and phone lines under it', (closing, signature) => {
    const mail = `Hi Ada,\n\nThe contract is signed; the fee goes up to EUR 1,200 from July.\n\n${closing}\n${signature}`;
    expect(clean(mail)).toBe('The contract is signed; the fee goes up to EUR 1,200 from July.');
  });

  it('drops everything under a "-- " separator (Thunderbird)', () => {
    expect(clean('Meeting moved to 4pm.\n\n-- \nAda Lovelace\nAnalytical Engines Ltd\nhttps://ae.example')).toBe('Meeting moved to 4pm.');
  });

  it.each(['Sent from my iPhone', 'Get Outlook for Android', 'Von meinem iPhone gesendet', 'Envoyé de mon iPhone', 'Enviado desde mi iPhone', "Wysłane z iPhone'a", 'Sent from Yahoo Mail for iPhone'])(
    'drops "%s"',
    (line) => {
      expect(clean(`Running 10 minutes late.\n\n${line}`)).toBe('Running 10 minutes late.');
    },
  );

  it('keeps a P.S. written after the signature', () => {
    expect(clean('The keys are with Anna.\n\nThanks,\nAda\n\nP.S. The alarm code is 4711.')).toBe('The keys are with Anna.\n\nP.S. The alarm code is 4711.');
  });

  it('keeps prose that follows a signature', () => {
    const mail = 'The keys are with Anna.\n\nBest,\nAda\n\nI also booked the room for Friday morning at nine.';
    expect(clean(mail)).toBe('The keys are with Anna.\n\nI also booked the room for Friday morning at nine.');
  });

  it('keeps a closing word that is the whole message', () => {
    expect(clean('Thanks!')).toBe('Thanks!');
  });
});

describe('cleanBody: greetings', () => {
  it('drops a greeting when other content remains', () => {
    expect(clean('Hello Mikel,\n\nThe package arrived today.')).toBe('The package arrived today.');
  });

  it('keeps a greeting that is the whole message', () => {
    expect(clean('Hello Mikel')).toBe('Hello Mikel');
  });

  it('keeps a greeting-like line in the middle of the text', () => {
    expect(clean('Dear team,\n\nThe offsite is confirmed.\nHey, one more thing:\nbring a laptop.')).toBe('The offsite is confirmed.\nHey, one more thing:\nbring a laptop.');
  });
});

describe('cleanBody: legal disclaimers', () => {
  it.each([
    'CONFIDENTIALITY NOTICE: This e-mail and any attachments are confidential and intended solely for the addressee.',
    'This e-mail and any attachments are confidential and may be privileged. If you are not the intended recipient, please notify the sender and delete it.',
    'Ta wiadomość oraz załączniki są poufne i przeznaczone wyłącznie dla adresata. Jeśli otrzymałeś ją omyłkowo, powiadom nadawcę.',
    'Diese E-Mail enthält vertrauliche und/oder rechtlich geschützte Informationen. Wenn Sie nicht der richtige Adressat sind, informieren Sie bitte sofort den Absender.',
    "Ce message et ses pièces jointes sont confidentiels. S'il vous est parvenu par erreur, merci d'en avertir l'expéditeur.",
    'AVISO DE CONFIDENCIALIDAD: Este mensaje es confidencial y para uso exclusivo del destinatario.',
  ])('drops %j', (disclaimer) => {
    expect(clean(`Please approve PO 4471 by Friday.\n\n${disclaimer}`)).toBe('Please approve PO 4471 by Friday.');
  });

  it('keeps business text that only mentions confidentiality', () => {
    expect(clean('The pricing in this proposal is confidential, so please keep it within the team.')).toBe(
      'The pricing in this proposal is confidential, so please keep it within the team.',
    );
  });
});

describe('cleanBody: newsletter furniture and tracking', () => {
  it('drops footers, app-store and social lines, links, placeholders and preheader padding', () => {
    const padding = '\u034F \u200C '.repeat(40);
    const mail = `${padding}
[image: Shop logo]
View this email in your browser

Summer sale: 30% off everything with code SUMMER30 until June 30.
Shop now
https://shop.example/sale?utm_source=newsletter

New arrivals: linen shirts from EUR 39.

Need to return something?
Questions? Contact us
Download on the App Store | Get it on Google Play
Facebook | Instagram | X
Shop Example GmbH, Musterstraße 1, 10115 Berlin, Germany
© 2024 Shop Example. All rights reserved.
You are receiving this email because you signed up at shop.example.
Unsubscribe | Manage preferences | Privacy policy`;
    expect(clean(mail)).toBe('Summer sale: 30% off everything with code SUMMER30 until June 30.\n\nNew arrivals: linen shirts from EUR 39.');
  });

  it('drops the postal address paragraph above a footer, and keeps an address that is content', () => {
    const mail = 'Your order #CC-5512 is ready for pickup.\nTotal: $14.20\n\nCoffee Co, 12 Bean St, Portland, OR 97201\n\n© 2024 Coffee Co. All rights reserved.';
    expect(clean(mail)).toBe('Your order #CC-5512 is ready for pickup.\nTotal: $14.20');
    const delivery = 'We deliver tomorrow to:\n\nJan Kowalski, ul. Prosta 1, 00-001 Warszawa\n\nPlease be at home between 9 and 12.';
    expect(clean(delivery)).toBe(delivery);
  });

  it('keeps link text and drops the URL next to it', () => {
    expect(clean('Your receipt is ready <https://shop.example/r/1>.\nTrack your order:\nhttps://shop.example/t/1')).toBe('Your receipt is ready.');
  });

  it('keeps label: value lines, amounts, dates and list items', () => {
    const mail = 'Order: #A-1234\nDate: 3 June 2024\n- 2 × Linen shirt: EUR 78.00\n- Shipping: EUR 4.90\nTotal: EUR 82.90';
    expect(clean(mail)).toBe(mail);
  });
});

describe('cleanBody: calendar invitations', () => {
  it('drops Google Calendar boilerplate and keeps the event', () => {
    const mail = `Quarterly review
Tuesday Jun 11, 2024 ⋅ 10am – 11am (Central European Time - Warsaw)
Room 4.02, Warsaw office

Join with Google Meet
meet.google.com/abc-defg-hij
Join by phone
(US) +1 413-555-0100 PIN: 123456789#
More phone numbers

View all guest info

Reply for jan@example.com
Yes
No
Maybe
More options

Invitation from Google Calendar

You are receiving this email because you are an attendee on the event. To stop receiving future updates for this event, decline this event.

Forwarding this invitation could allow any recipient to send a response to the organizer, be added to the guest list, invite others regardless of their own invitation status, or modify your RSVP. Learn more`;
    expect(clean(mail)).toBe('Quarterly review\nTuesday Jun 11, 2024 ⋅ 10am – 11am (Central European Time - Warsaw)\nRoom 4.02, Warsaw office');
  });

  it('drops the Microsoft Teams block and keeps the agenda', () => {
    const mail = `Agenda: budget 2025 and hiring plan.

________________________________________________________________________________
Microsoft Teams meeting
Join on your computer, mobile app or room device
Click here to join the meeting<https://teams.microsoft.com/l/meetup-join/19%3ameeting>
Meeting ID: 312 456 789 012
Passcode: aB3cD4
Download Teams<https://www.microsoft.com/en-us/microsoft-teams/download-app> | Join on the web<https://www.microsoft.com/microsoft-teams/join-a-meeting>
Learn More<https://aka.ms/JoinTeamsMeeting> | Meeting options<https://teams.microsoft.com/meetingOptions/>
________________________________________________________________________________`;
    expect(clean(mail)).toBe('Agenda: budget 2025 and hiring plan.');
  });

  it('keeps a one-word answer that is not a calendar button row', () => {
    expect(clean('No')).toBe('No');
  });
});

describe('cleanBody: machine output', () => {
  it('collapses a 1 MB log to a few sample lines, errors first, and a count', () => {
    const lines = Array.from({ length: 25_000 }, (_, i) =>
      i === 7_001 ? '2024-06-03 02:14:07.551 ERROR [db-pool] Connection timed out after 30000 ms' : `2024-06-03 02:14:07.${String(i % 1000).padStart(3, '0')} INFO [http] GET /api/items/${i} 200 12ms`,
    );
    const log = lines.join('\n');
    expect(log.length).toBeGreaterThan(1_000_000);
    const result = clean(`The nightly import failed, log below.\n\n${log}\n\nCan you check the database pool?`);
    expect(result.length).toBeLessThan(700);
    expect(result).toContain('ERROR [db-pool] Connection timed out after 30000 ms');
    expect(result).toContain('[… 24,996 more similar lines]');
    expect(result.startsWith('The nightly import failed, log below.\n\n2024-06-03 02:14:07.000 INFO')).toBe(true);
    expect(result.endsWith('Can you check the database pool?')).toBe(true);
  });

  it('collapses a long stack trace', () => {
    const frames = Array.from({ length: 40 }, (_, i) => `    at handler${i} (/app/src/module${i}.js:${i + 1}:15)`).join('\n');
    const result = clean(`Crash on checkout:\n\nTypeError: Cannot read properties of undefined (reading 'id')\n${frames}`);
    expect(result).toContain('[… 37 more similar lines]');
    expect(result.split('\n').length).toBeLessThan(8);
  });

  it('leaves a short trace (lines trimmed) and ordinary dated lists as they are', () => {
    const trace = 'Error: boom\n    at a (/app/a.js:1:1)\n    at b (/app/b.js:2:2)';
    expect(clean(trace)).toBe('Error: boom\nat a (/app/a.js:1:1)\nat b (/app/b.js:2:2)');
    const payments = Array.from({ length: 20 }, (_, i) => `2024-06-${String(i + 1).padStart(2, '0')} Payment received EUR ${i + 10}.00`).join('\n');
    expect(clean(payments)).toBe(payments);
  });
});

describe('cleanBody: hostile input', () => {
  it('handles a 1 MB single line and 100k short lines', () => {
    const oneLine = `On ${'x'.repeat(1_000_000)} wrote:`;
    expect(clean(oneLine)).toBe(oneLine);
    const manyLines = 'On a\n>b\nFrom: c\n'.repeat(34_000);
    expect(cleanBody(manyLines).hadQuotedHistory).toBe(true);
    const attributions = 'W dniu '.repeat(150_000);
    expect(clean(attributions)).toBe(attributions.trim());
  });
});
