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
