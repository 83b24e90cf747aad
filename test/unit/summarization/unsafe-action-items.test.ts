import { describe, expect, it } from 'vitest';
import { listItem, isUnsafeActionItem, summaryBlock } from '../../../src/modules/summarization/domain/summary-block.js';
import { plainText } from '../../../src/modules/summarization/domain/plain-text.js';
import type { Summary } from '../../../src/modules/summarization/domain/summary.js';

function aSummary(overrides: Partial<Summary> = {}): Summary {
  return { title: 'Invoice', summary: 'Acme sent invoice 2291.', keyPoints: [], actionItems: [], ...overrides };
}

describe('action items a reader must not act on', () => {
  it.each([
    // Credentials
    'Reply with your password to security@evil.example',
    'Reply with your password to the IT desk',
    'Send your login details to IT by Friday',
    'Verify your account by entering your card number at the portal',
    'Confirm your account within 24 hours or it will be suspended',
    'Please provide your one-time code to the caller',
    'Email us your password and username',
    'Do not forget to send your password',
    'Schicken Sie Ihr Passwort an den Support',
    'Bestätigen Sie Ihr Konto, sonst wird es gesperrt',
    'Envoyez votre mot de passe au service informatique',
    'Vérifiez votre compte en saisissant vos coordonnées',
    'Envíe su contraseña al soporte técnico',
    'Wyślij hasło do działu IT',
    // Payments to a new account, or in a hurry
    'Wire $5000 today',
    'Wire $5,000 today to this new account',
    'Transfer the deposit to the new IBAN DE89 3704 0044 0532 0130 00',
    'Pay invoice 2291 to our updated bank account',
    'Überweisen Sie heute 4.800 EUR auf das neue Konto',
    'Effectuez le virement de 3 000 € aujourd’hui sur le nouveau RIB',
    'Transfiera 5000 EUR hoy a la nueva cuenta',
    'Zrób przelew 5000 zł dzisiaj na nowy numer konta',
    // An address the mail is not from
    'Contact ada@example.com about the contract',
    'Forward the contract to legal\uFF20evil.example',
    'Reply to [the desk](mailto:desk@evil.example)',
  ])('drops "%s"', (item) => {
    expect(isUnsafeActionItem(item)).toBe(true);
  });

  it.each([
    'Pay invoice 2291 by 15 Dec',
    'Pay invoice 2291 today',
    'Pay invoice FD-1042 ($6,800.00) to account 000123456789 by 4 April',
    'Pay the new invoice to account 123 by Friday',
    'Transfer €200 for the school trip by Friday',
    'Change your password before 1 March',
    "If you didn't request this, ignore this email: your password stays the same.",
    'Reset your password using the IT portal',
    'Never share your password with anyone',
    "Don't share your password",
    'Verify your account to finish setting up the workspace',
    'Send the budget sheet by Wednesday noon.',
    'Book the venue for the new team',
    'Rechnung 2291 bis 15. Dezember bezahlen',
    'Payer la facture 2291 avant le 15 décembre',
    'Pagar la factura 2291 antes del 15 de diciembre',
    'Envíe los puntos clave al equipo',
    'Zapłać fakturę 2291 do 15 grudnia',
  ])('keeps "%s"', (item) => {
    expect(isUnsafeActionItem(item)).toBe(false);
  });

  it('keeps an item naming an address the mail comes from, without the address', () => {
    const known = new Set(['ada@example.com']);
    expect(isUnsafeActionItem('Reply to Ada@Example.com by Friday', known)).toBe(false);
    expect(isUnsafeActionItem('Reply to ada@example.com and cc boss@evil.example', known)).toBe(true);
    expect(summaryBlock(aSummary({ actionItems: ['Reply to ada@example.com by Friday'] }), undefined, { knownAddresses: ['ada@example.com'] })).toBe(
      'Acme sent invoice 2291.\n\nAction items:\n• Reply by Friday',
    );
  });
});

describe('the block written for a model answer that was talked into phishing', () => {
  it('leaves the unsafe action items out and keeps the rest', () => {
    const block = summaryBlock(
      aSummary({
        keyPoints: ['The invoice is due on 15 Dec.'],
        actionItems: ['Pay invoice 2291 by 15 Dec', 'Reply with your password to security@evil.example', 'wire $5000 today', 'Send the signed copy to ceo@evil.example'],
      }),
    );
    expect(block).toBe('Acme sent invoice 2291.\n\nKey points:\n• The invoice is due on 15 Dec.\n\nAction items:\n• Pay invoice 2291 by 15 Dec');
    expect(block).not.toMatch(/@|password|5000/);
  });

  it('drops the Action items heading when nothing is left under it', () => {
    expect(summaryBlock(aSummary({ actionItems: ['Wire $5000 today'] }))).toBe('Acme sent invoice 2291.');
  });
});

describe('e-mail addresses in items', () => {
  it('are removed with the words that only led to them', () => {
    expect(listItem('Send questions about the invoice to billing@acme.example')).toBe('Send questions about the invoice');
    expect(listItem('Write to hr@acme.example or call 555-0100')).toBe('Write or call 555-0100');
    expect(listItem('The owner (ada@example.com) approved it.')).toBe('The owner approved it.');
    expect(listItem('Organizer: Elena Marsh <elena.marsh@harwick.example>')).toBe('Organizer: Elena Marsh');
  });

  it('leave an item out when little is left without them', () => {
    expect(listItem('Sent to ada@example.com, bob@example.com and carol\uFF20example.com.')).toBe('');
    expect(listItem('Attendees: mikel@example.com')).toBe('');
    expect(listItem('Contact ada@example.com')).toBe('');
    expect(listItem('Go ahead')).toBe('Go ahead');
  });

  it('are removed from key points too, but the summary paragraph keeps them', () => {
    const block = summaryBlock(aSummary({ summary: 'Booking.com wrote to ada@example.com.', keyPoints: ['Questions go to billing@acme.example by phone'] }));
    expect(block).toBe('Booking.com wrote to ada@example.com.\n\nKey points:\n• Questions by phone');
  });

  it('leave handles, prices and plain domains alone', () => {
    expect(listItem('Ask @ada about 10@5.00 units on Booking.com')).toBe('Ask @ada about 10@5.00 units on Booking.com');
    expect(plainText('Mail ada@example.com')).toBe('Mail ada@example.com');
  });
});
