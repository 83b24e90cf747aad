import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../../src/platform/config/config.schema.js';

const parse = (env: Record<string, string>) => configSchema.safeParse(env);

describe('the SMTP abuse settings', () => {
  it('default to a 600 s session, a 60 s idle deadline, 500 connections and no trusted relay', () => {
    const parsed = parse({});
    expect(parsed.success && parsed.data).toMatchObject({
      SMTP_SESSION_TIMEOUT_SECONDS: 600,
      SMTP_IDLE_TIMEOUT_SECONDS: 60,
      SMTP_MAX_CONNECTIONS: 500,
      SMTP_TRUSTED_RELAYS: [],
    });
  });

  it('default to 25 connections per IPv4 /24 and per IPv6 /64, 30 s to reach MAIL FROM and 10% kept for known senders', () => {
    const parsed = parse({});
    expect(parsed.success && parsed.data).toMatchObject({
      SMTP_MAX_CONNECTIONS_PER_IPV4_24: 25,
      SMTP_MAX_CONNECTIONS_PER_IPV6_64: 25,
      SMTP_MAIL_FROM_TIMEOUT_SECONDS: 30,
      SMTP_RESERVED_CONNECTIONS_PERCENT: 10,
    });
  });

  it('accept 0 to 90 percent of reserved connections, and refuse anything else', () => {
    expect(parse({ SMTP_RESERVED_CONNECTIONS_PERCENT: '0' }).data?.SMTP_RESERVED_CONNECTIONS_PERCENT).toBe(0);
    expect(parse({ SMTP_RESERVED_CONNECTIONS_PERCENT: '90' }).data?.SMTP_RESERVED_CONNECTIONS_PERCENT).toBe(90);
    for (const value of ['91', '-1', '12.5', 'ten']) {
      expect(parse({ SMTP_RESERVED_CONNECTIONS_PERCENT: value }).error?.issues[0]?.path).toEqual(['SMTP_RESERVED_CONNECTIONS_PERCENT']);
    }
    for (const name of ['SMTP_MAX_CONNECTIONS_PER_IPV4_24', 'SMTP_MAX_CONNECTIONS_PER_IPV6_64', 'SMTP_MAIL_FROM_TIMEOUT_SECONDS']) {
      expect(parse({ [name]: '0' }).error?.issues[0]?.path).toEqual([name]);
    }
  });

  it('read SMTP_TRUSTED_RELAYS as IPv4 and IPv6 CIDRs', () => {
    const parsed = parse({ SMTP_TRUSTED_RELAYS: ' 127.0.0.1/32, 2001:DB8::/48 ,10.0.0.0/8' });
    expect(parsed.success && parsed.data.SMTP_TRUSTED_RELAYS).toEqual(['127.0.0.1/32', '2001:db8::/48', '10.0.0.0/8']);
  });

  it.each(['127.0.0.1', '0.0.0.0/0', '::/0', '10.0.0.0/33', '2001:db8::/129', 'mx.example.com/32', '10.0.0/8'])(
    'refuse %s as a trusted relay, naming it',
    (value) => {
      const parsed = parse({ SMTP_TRUSTED_RELAYS: `127.0.0.1/32,${value}` });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ path: ['SMTP_TRUSTED_RELAYS'], message: expect.stringContaining(`"${value}"`) });
    },
  );
});
