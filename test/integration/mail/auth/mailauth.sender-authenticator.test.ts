import { generateKeyPairSync } from 'node:crypto';
import { dkimSign } from 'mailauth';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SmtpEnvelope } from '../../../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { MailauthSenderAuthenticator } from '../../../../src/modules/mail/infra/auth/mailauth.sender-authenticator.js';
import { FakeDns } from '../../../support/fakes/fake-dns.resolver.js';

const SENDER_IP = '192.0.2.10';

function keyPair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

function message(from: string, body = 'The quarterly numbers are attached.\r\n'): string {
  return [`From: ${from}`, 'To: doc-abcdefghij@in.mailscribe.test', 'Subject: Q3 numbers', 'Date: Tue, 01 Oct 2024 10:00:00 +0000', 'Message-ID: <q3@mail.test>', '', body].join('\r\n');
}

async function signed(raw: string, domain: string, privateKey: string): Promise<string> {
  const signer = { signingDomain: domain, selector: 'mail', privateKey };
  // mailauth 4.13 signs only what is in `signatureData`; its typings ask for the top-level fields too.
  // A fixed signTime: without one mailauth reads the clock twice (for what it signs and for the t= it writes),
  // and about one signature in 600 comes out "bad" when the two reads straddle a second.
  const { signatures, errors } = await dkimSign(raw, { ...signer, signTime: new Date(), signatureData: [signer] });
  expect(errors).toEqual([]);
  return signatures + raw;
}

function envelope(mailFrom: string | null): SmtpEnvelope {
  return { mailFrom, recipients: ['doc-abcdefghij@in.mailscribe.test'], remoteAddress: SENDER_IP, heloName: 'mx.sender.test' };
}

describe('the mailauth sender authenticator', () => {
  let exampleKey: ReturnType<typeof keyPair>;
  let attackerKey: ReturnType<typeof keyPair>;

  beforeAll(() => {
    exampleKey = keyPair();
    attackerKey = keyPair();
  });

  function world(): FakeDns {
    return new FakeDns()
      .dkimKey('mail', 'example.com', exampleKey.publicKey)
      .dmarc('example.com', 'v=DMARC1; p=reject')
      .dkimKey('mail', 'attacker.example', attackerKey.publicKey)
      .spf('attacker.example', `v=spf1 ip4:${SENDER_IP} -all`)
      .dmarc('bank.example', 'v=DMARC1; p=reject');
  }

  const authenticator = (dns: FakeDns, timeoutMs?: number) => new MailauthSenderAuthenticator({ hostname: 'mx.mailscribe.test', resolver: dns.resolver, timeoutMs });

  it('passes a message signed by the From domain that publishes p=reject', async () => {
    const raw = await signed(message('Ada <ada@example.com>'), 'example.com', exampleKey.privateKey);
    const verdict = await authenticator(world()).verify(Buffer.from(raw), envelope('bounce@example.com'));
    expect(verdict).toEqual({ result: 'pass', detail: 'dmarc=pass (p=REJECT) header.from=example.com' });
  });

  it('fails a signed message whose body was changed on the way', async () => {
    const raw = (await signed(message('Ada <ada@example.com>'), 'example.com', exampleKey.privateKey)).replace('quarterly', 'annual');
    const verdict = await authenticator(world()).verify(Buffer.from(raw), envelope('bounce@example.com'));
    expect(verdict.result).toBe('fail');
    expect(verdict.detail).toBe('dmarc=fail (p=REJECT) header.from=example.com');
  });

  it('fails a spoofed From even when another domain signs it and its SPF passes', async () => {
    const raw = await signed(message('CEO <ceo@bank.example>'), 'attacker.example', attackerKey.privateKey);
    const dns = world();
    const verdict = await authenticator(dns).verify(Buffer.from(raw), envelope('bounce@attacker.example'));
    expect(verdict).toEqual({ result: 'fail', detail: 'dmarc=fail (p=REJECT) header.from=bank.example' });
    expect(dns.queries).toContain('TXT mail._domainkey.attacker.example');
  });

  it('gives none when the From domain has no DMARC record and nothing signs for it', async () => {
    const verdict = await authenticator(world()).verify(Buffer.from(message('Someone <someone@plain.example>')), envelope('someone@plain.example'));
    expect(verdict).toEqual({ result: 'none', detail: 'no DMARC record and no aligned DKIM signature for plain.example' });
  });

  it('without a DMARC record, passes on a DKIM signature aligned with the From domain', async () => {
    const key = keyPair();
    const dns = world().dkimKey('mail', 'news.plain.example', key.publicKey);
    const raw = await signed(message('News <news@news.plain.example>'), 'news.plain.example', key.privateKey);
    const verdict = await authenticator(dns).verify(Buffer.from(raw), envelope(null));
    expect(verdict).toEqual({ result: 'pass', detail: 'dkim=pass (aligned) header.d=news.plain.example; no DMARC record' });
  });

  it('without a DMARC record, fails a broken signature of the From domain', async () => {
    const key = keyPair();
    const dns = world().dkimKey('mail', 'plain.example', key.publicKey);
    const raw = (await signed(message('Someone <someone@plain.example>'), 'plain.example', key.privateKey)).replace('quarterly', 'annual');
    const verdict = await authenticator(dns).verify(Buffer.from(raw), envelope(null));
    expect(verdict.result).toBe('fail');
    expect(verdict.detail).toContain('body hash did not verify');
  });

  it('reports a DNS failure as temperror', async () => {
    const raw = await signed(message('Ada <ada@example.com>'), 'example.com', exampleKey.privateKey);
    const dns = world().failWith('_dmarc.example.com', 'ESERVFAIL');
    const verdict = await authenticator(dns).verify(Buffer.from(raw), envelope('bounce@example.com'));
    expect(verdict.result).toBe('temperror');
    expect(verdict.detail).toContain('dmarc=temperror header.from=example.com');
  });

  it('gives temperror when the checks run past the time limit', async () => {
    const dns = world();
    dns.delayMs = 200;
    const verdict = await authenticator(dns, 50).verify(Buffer.from(message('Ada <ada@example.com>')), envelope('bounce@example.com'));
    expect(verdict).toEqual({ result: 'temperror', detail: 'authentication took longer than 50 ms' });
  });

  it('gives none for a message with no From at all', async () => {
    const raw = 'To: doc@in.mailscribe.test\r\nSubject: x\r\n\r\nbody\r\n';
    const verdict = await authenticator(world()).verify(Buffer.from(raw), envelope(null));
    expect(verdict.result).toBe('none');
  });
});
