import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../../src/modules/mail/domain/text/secrets.js';

const redact = (text: string) => redactSecrets(text);

describe('redactSecrets: codes named by the words around them', () => {
  it.each([
    ['Please enter the one-time code 482913 to continue.', 'Please enter the one-time code (not copied) to continue.', 'one-time code'],
    ['Your verification code is 482913.', 'Your verification code is (not copied).', 'verification code'],
    ['Your one-time code for Acme is 482913', 'Your one-time code for Acme is (not copied)', 'one-time code'],
    ['Your one-time password: 482913', 'Your one-time password: (not copied)', 'one-time code'],
    ['Your OTP is 482913', 'Your OTP is (not copied)', 'one-time code'],
    ['Meeting passcode: 551204', 'Meeting passcode: (not copied)', 'one-time code'],
    ['Password reset code: 55821934', 'Password reset code: (not copied)', 'reset code'],
    ['Backup codes: 8d3k-29fj', 'Backup codes: (not copied)', 'reset code'],
    ['Security code (CVV): 123', 'Security code (CVV): (not copied)', 'verification code'],
    ['Your PIN is 4821.', 'Your PIN is (not copied).', 'password'],
    // German, French, Spanish, Polish, Japanese
    ['Ihr Bestätigungscode lautet: 482913', 'Ihr Bestätigungscode lautet: (not copied)', 'verification code'],
    ['Ihr Einmalcode: 482 913', 'Ihr Einmalcode: (not copied)', 'one-time code'],
    ['Ihre TAN: 482913', 'Ihre TAN: (not copied)', 'one-time code'],
    ['Votre code de vérification est 482913.', 'Votre code de vérification est (not copied).', 'verification code'],
    ['Tu código de verificación es 482913', 'Tu código de verificación es (not copied)', 'verification code'],
    ['Twój kod weryfikacyjny to 482913', 'Twój kod weryfikacyjny to (not copied)', 'verification code'],
    ['Kod SMS: 482913', 'Kod SMS: (not copied)', 'one-time code'],
    ['認証コードは482913です。', '認証コードは(not copied)です。', 'verification code'],
    ['ワンタイムパスワード：482913', 'ワンタイムパスワード：(not copied)', 'one-time code'],
  ])('%s', (text, expected, kind) => {
    expect(redact(text)).toEqual({ text: expected, redacted: [kind] });
  });

  it('reads a code written before the words that name it', () => {
    expect(redact('G-482913 is your Google verification code.').text).toBe('[code not copied] is your Google verification code.');
    expect(redact("482913 is your Instagram code. Don't share it.").text).toBe("[code not copied] is your Instagram code. Don't share it.");
    expect(redact('Use 482913 to verify your account').text).toBe('Use [code not copied] to verify your account');
  });

  it('reads a bare "code" as a secret only beside words about signing in, and then only digits', () => {
    expect(redact('Your code is 482913. It expires in 10 minutes.').text).toBe('Your code is (not copied). It expires in 10 minutes.');
    expect(redact('Ihr Code lautet 482913. Er ist 10 Minuten gültig.').text).toBe('Ihr Code lautet (not copied). Er ist 10 Minuten gültig.');
    expect(redact('Votre code : 482913. Ne le partagez pas.').text).toBe('Votre code : (not copied). Ne le partagez pas.');
    expect(redact('Su código es 482913. No lo compartas.').text).toBe('Su código es (not copied). No lo compartas.');
    expect(redact('Twój kod: 482913. Kod wygaśnie za 5 minut.').text).toBe('Twój kod: (not copied). Kod wygaśnie za 5 minut.');
    expect(redact('Your code is 482913').text).toBe('Your code is 482913');
  });

  it('replaces a code standing alone on the line after the one that names it', () => {
    expect(redact('Your verification code:\n\n482913\n\nIt expires in 10 minutes.')).toEqual({
      text: 'Your verification code:\n\n[verification code not copied]\n\nIt expires in 10 minutes.',
      redacted: ['verification code'],
    });
    expect(redact('Use this code to sign in:\n482 913').text).toBe('Use this code to sign in:\n[one-time code not copied]');
    expect(redact('Your temporary password:\nXk9#pq2!').text).toBe('Your temporary password:\n[password not copied]');
  });
});

describe('redactSecrets: passwords', () => {
  it.each([
    ['Your temporary password is Xk9#pq2!', 'Your temporary password is (not copied)'],
    ['Password: Welcome2025', 'Password: (not copied)'],
    ['Ihr neues Passwort lautet: Xk9#pq2!', 'Ihr neues Passwort lautet: (not copied)'],
    ['Votre mot de passe temporaire : Xk9#pq2!', 'Votre mot de passe temporaire : (not copied)'],
    ['Su contraseña temporal es: Ab12cd34', 'Su contraseña temporal es: (not copied)'],
    ['Twoje hasło tymczasowe: Xk9#pq2!', 'Twoje hasło tymczasowe: (not copied)'],
    ['パスワード：Xk9pq2Ab', 'パスワード：(not copied)'],
  ])('%s', (text, expected) => {
    expect(redact(text)).toEqual({ text: expected, redacted: ['password'] });
  });

  it.each([
    'Your password has been changed.',
    'Your password is expiring soon.',
    'Password must be at least 8 characters.',
    'Forgot your password? Reset it here.',
    'Passwort: geändert',
    'Password: self-service',
    'Password: ********',
    'Password\nChanged!',
  ])('leaves words about a password alone: %s', (text) => {
    expect(redact(text)).toEqual({ text, redacted: [] });
  });
});

describe('redactSecrets: card and account numbers', () => {
  it('replaces full, Luhn-valid card numbers wherever they are', () => {
    expect(redact('Card: 4111 1111 1111 1111')).toEqual({ text: 'Card: [card number not copied]', redacted: ['card number'] });
    expect(redact('Card number 4111-1111-1111-1111 was used.').text).toBe('Card number [card number not copied] was used.');
    expect(redact('Card 4111111111111111 expires 12/27').text).toBe('Card [card number not copied] expires 12/27');
    expect(redact('Amex 3782 822463 10005').text).toBe('Amex [card number not copied]');
  });

  it('keeps partly masked cards and numbers that only look like cards', () => {
    for (const text of [
      'Paid with Visa •••• 4242',
      'Card ending in 4242',
      '**** **** **** 4242',
      'Card 4111 1111 1111 1112', // fails Luhn
      'EAN 4006381333931',
      'IMEI 356938035643809',
      'Tracking: 9400 1000 0000 0000 0000 00',
      'Call +49 30 1234 5678 90',
    ]) {
      expect(redact(text)).toEqual({ text, redacted: [] });
    }
  });

  it('keeps an IBAN the reader is asked to pay into, and drops one in a line about signing in', () => {
    const invoice = 'Please pay by bank transfer to NL91 ABNA 0417 1643 00, quoting INV-2025-00931.';
    expect(redact(invoice).text).toBe(invoice);
    expect(redact('Numer konta: 12 1140 2004 0000 3502 7654 3210').redacted).toEqual([]);
    expect(redact('Suspicious sign-in to your account DE89 3704 0044 0532 0130 00 was blocked.')).toEqual({
      text: 'Suspicious sign-in to your account [account number not copied] was blocked.',
      redacted: ['account number'],
    });
    // A checksum that does not hold is no account number.
    expect(redact('Suspicious sign-in to your account DE89 3704 0044 0532 0130 01.').redacted).toEqual([]);
  });
});

describe('redactSecrets: ordinary numbers stay', () => {
  it.each([
    'Order 48291 has shipped.',
    'Invoice No. 2025-0142 is due on 12.03.2025.',
    'Total: $6,800.00',
    'Project FD-1042 is approved.',
    'Bank transfer to: Fabrikam Design Studio LLC, account 000123456789, routing 021000021.',
    'Account number: 4402 1187 93',
    'Auftragsnummer: 482913577104',
    'Call us on +48 600 100 200.',
    'Phone: 01223 555 014',
    'Booking reference: QX7P2L',
    'Confirmation code: QX7P2L',
    'Your confirmation code is XK4P2Q. Check in online.',
    'Reservation HM-77215 confirmed',
    'Registered in England and Wales No. 1234567',
    'Tracking number: 1Z999AA10123456784',
    'Take 25% off with code SPRING25 at checkout.',
    'Use code 2024 for 10% off.',
    'Code postal : 75001',
    'Postal code 00-950 Warszawa',
    'PLZ 10115 Berlin',
    'Gate code is 1234',
    'The verification code we sent to 600 100 200 is valid.',
    'Verification code sent to +48 600 100 200',
    'Error code 80070005 when you sign in.',
    'Sign in to see order 48291.',
    'Pin it to your board 1234',
    'The PIN pad is broken.',
    'req_id=2fa8a023 status=503',
    'Invoice 2025-0142\n48291',
    'Promo code:\nSPRING25',
  ])('%s', (text) => {
    expect(redact(text)).toEqual({ text, redacted: [] });
  });

  // Its time on such input is a benchmark (test/bench/text/hostile-text.bench.ts), not a limit here.
  it('reads a megabyte of hostile text to the end: the codes go, the long number stays', () => {
    const hostile = `${'verification code is '.repeat(20_000)}\n${'4'.repeat(500_000)}\n${'code 1234 5678 '.repeat(20_000)}`;
    const result = redact(hostile);
    const [, digits, last] = result.text.split('\n');
    expect(result.redacted).toEqual(['one-time code']);
    expect(digits).toBe('4'.repeat(500_000));
    expect(last).toMatch(/code \(not copied\) $/);
    expect(last).not.toMatch(/1234/);
  });
});
