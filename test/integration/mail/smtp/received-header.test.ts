import { describe, expect, it } from 'vitest';
import { canonicalIp, originalClientOf } from '../../../../src/modules/mail/infra/smtp/received-header.js';
import { TrustedRelays } from '../../../../src/modules/mail/infra/smtp/trusted-relays.js';

const mail = (...headers: string[]) => Buffer.from([...headers, 'Subject: hi', '', 'Body. Received: from x (y [6.6.6.6])', ''].join('\r\n'));

describe('reading the original client from the relay\'s Received header', () => {
  it('reads the address Postfix recorded, with or without a reverse name', () => {
    expect(
      originalClientOf(
        mail(
          'Received: from client.example (unknown [198.51.100.7])',
          '\tby mx.example.com (Postfix) with ESMTP id 4Xy2',
          '\tfor <inv-1@in.example.com>; Tue, 3 Nov 2026 10:00:00 +0000 (UTC)',
        ),
      ),
    ).toBe('198.51.100.7');
    expect(originalClientOf(mail('Received: from mail.sender.example (mail.sender.example [203.0.113.9]) by mx (Postfix)'))).toBe('203.0.113.9');
  });

  it('reads IPv6 in Postfix\'s [IPv6:…] form and gives it one spelling', () => {
    expect(originalClientOf(mail('Received: from h (unknown [IPv6:2001:DB8:0:0::7]) by mx (Postfix)'))).toBe('2001:db8::7');
    expect(canonicalIp('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(canonicalIp('not-an-ip')).toBeNull();
  });

  it('takes the address from the relay\'s comment, never from a HELO name the client chose', () => {
    expect(originalClientOf(mail('Received: from [6.6.6.6] (unknown [198.51.100.7]) by mx (Postfix)'))).toBe('198.51.100.7');
    // Only a HELO literal and no comment of the relay: nothing the relay vouches for.
    expect(originalClientOf(mail('Received: from [6.6.6.6] by mx (Postfix)'))).toBeNull();
  });

  it('reads Sendmail\'s "(may be forged)" variant and a port suffix', () => {
    expect(originalClientOf(mail('Received: from helo.example (host.example [192.0.2.44] (may be forged)) by mx'))).toBe('192.0.2.44');
    expect(originalClientOf(mail('Received: from helo.example (unknown [192.0.2.45]:41234) by mx'))).toBe('192.0.2.45');
  });

  it('reads only the topmost Received header, and none in the body', () => {
    expect(
      originalClientOf(mail('Received: from relay2 (unknown [192.0.2.1]) by mx', 'Received: from evil (unknown [6.6.6.6]) by relay2')),
    ).toBe('192.0.2.1');
    expect(originalClientOf(mail('Received: by mx.example.com (Postfix, from userid 0) id 1'))).toBeNull();
    expect(originalClientOf(mail('X-Other: 1'))).toBeNull();
  });
});

describe('the trusted relay list', () => {
  it('matches IPv4 and IPv6 subnets, and an IPv4 peer seen through a dual-stack socket', () => {
    const relays = new TrustedRelays(['127.0.0.1/32', '10.1.0.0/16', '2001:db8:5::/48']);
    expect(relays.includes('127.0.0.1')).toBe(true);
    expect(relays.includes('::ffff:127.0.0.1')).toBe(true);
    expect(relays.includes('10.1.200.3')).toBe(true);
    expect(relays.includes('2001:db8:5:1::25')).toBe(true);
    expect(relays.includes('127.0.0.2')).toBe(false);
    expect(relays.includes('2001:db8:6::1')).toBe(false);
    expect(new TrustedRelays([]).includes('127.0.0.1')).toBe(false);
  });
});
