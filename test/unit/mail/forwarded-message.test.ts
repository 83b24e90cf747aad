import { describe, expect, it } from 'vitest';
import { detectManualForward } from '../../../src/modules/mail/domain/forwarded-message.js';
import { parseAddressText } from '../../../src/modules/mail/domain/mail-address.js';

const BOB = { address: 'bob@supplier.example', name: 'Bob Builder' };

describe('manual forward detection', () => {
  it('finds the original sender under a Gmail forward marker', () => {
    const text = 'FYI\n\n---------- Forwarded message ---------\nFrom: Bob Builder <Bob@Supplier.example>\nDate: Mon, Sep 30, 2024\nSubject: Invoice\nTo: <ada@example.com>\n\nBody';
    expect(detectManualForward(text)).toEqual({ style: 'gmail', sender: BOB });
  });

  it('reads the Polish Gmail marker and its "Od:" line', () => {
    const text = '---------- Wiadomość przekazana dalej ---------\nOd: Bob Builder <bob@supplier.example>\nDate: pon., 30 wrz 2024\n\nTreść';
    expect(detectManualForward(text)?.sender).toEqual(BOB);
  });

  it('reads Outlook with and without the Original Message marker', () => {
    const marked = 'See below.\n\n-----Original Message-----\nFrom: Bob Builder [mailto:bob@supplier.example]\nSent: Monday, September 30, 2024 9:12 AM\nTo: Ada\nSubject: Invoice';
    expect(detectManualForward(marked)).toEqual({ style: 'outlook', sender: BOB });
    const bare = 'See below.\n\n________________________________\nFrom: Bob Builder <bob@supplier.example>\nSent: Monday, September 30, 2024 9:12 AM\nTo: Ada';
    expect(detectManualForward(bare)).toEqual({ style: 'outlook', sender: BOB });
    const polish = '-----Wiadomość oryginalna-----\nOd: Bob Builder <bob@supplier.example>\nWysłano: poniedziałek, 30 września 2024 09:12';
    expect(detectManualForward(polish)?.sender).toEqual(BOB);
  });

  it('reads Apple Mail, quoted lines included', () => {
    const apple = 'Begin forwarded message:\n\nFrom: Bob Builder <bob@supplier.example>\nSubject: Invoice\nDate: 30 September 2024 at 09:12:00 CEST';
    expect(detectManualForward(apple)).toEqual({ style: 'apple', sender: BOB });
    const quoted = '> Begin forwarded message:\n>\n> From: "Bob Builder" <bob@supplier.example>\n> Subject: Invoice';
    expect(detectManualForward(quoted)?.sender).toEqual(BOB);
  });

  it('reads Thunderbird, where From comes after Subject and Date', () => {
    const text = '-------- Forwarded Message --------\nSubject: Invoice\nDate: Mon, 30 Sep 2024 09:12:00 +0200\nFrom: Bob Builder <bob@supplier.example>\nTo: Ada';
    expect(detectManualForward(text)?.sender).toEqual(BOB);
  });

  it('gives a forward without a sender when the quoted header names no address', () => {
    expect(detectManualForward('-----Original Message-----\nFrom: Bob Builder\nSent: Monday')).toEqual({ style: 'outlook', sender: null });
  });

  it('takes the first forward when several are nested', () => {
    const text = '---------- Forwarded message ---------\nFrom: <first@a.example>\n\n---------- Forwarded message ---------\nFrom: <second@b.example>';
    expect(detectManualForward(text)?.sender?.address).toBe('first@a.example');
  });

  it('ignores ordinary mail, including a stray "From:" line', () => {
    expect(detectManualForward('Hello,\nFrom: the team, with thanks.\nRegards')).toBeNull();
    expect(detectManualForward('')).toBeNull();
  });

  it('stays fast on a megabyte-long line', () => {
    const started = performance.now();
    expect(detectManualForward(`From: ${'a'.repeat(1_000_000)}\nSent: x`)?.sender).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('addresses written in quoted headers', () => {
  it.each([
    ['Bob Builder <Bob@Supplier.example>', BOB],
    ['"Bob Builder" <bob@supplier.example>', BOB],
    ['*Bob Builder* <bob@supplier.example>', BOB],
    ['Bob Builder [mailto:bob@supplier.example]', BOB],
    ['<bob@supplier.example>', { address: 'bob@supplier.example', name: '' }],
    ['bob@supplier.example', { address: 'bob@supplier.example', name: '' }],
    ['Bob Builder', null],
    ['', null],
  ])('reads %j', (text, expected) => {
    expect(parseAddressText(text)).toEqual(expected);
  });
});
