import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  authoriseSender,
  describeRefusal,
  isTransientVerdict,
  type SenderAuthMode,
  type SenderAuthorisationInput,
  type SenderVerdict,
} from '../../../src/modules/mail/domain/sender-authorisation.js';

const PASS: SenderVerdict = { result: 'pass', detail: 'dmarc=pass (p=REJECT) header.from=example.com' };
const FAIL: SenderVerdict = { result: 'fail', detail: 'dmarc=fail (p=REJECT) header.from=example.com' };
const SPOOFED: SenderVerdict = { result: 'fail', detail: 'dmarc=fail (p=REJECT) header.from=bank.example' };
const MODES: SenderAuthMode[] = ['off', 'report', 'enforce'];

function input(overrides: Partial<SenderAuthorisationInput> = {}): SenderAuthorisationInput {
  return { from: { address: 'ada@example.com' }, allowList: ['ada@example.com'], verdict: PASS, mode: 'enforce', ...overrides };
}

describe('sender authorisation', () => {
  it.each(MODES)('lets an authenticated sender on the list in (%s)', (mode) => {
    expect(authoriseSender(input({ mode }))).toMatchObject({ allowed: true, sender: 'ada@example.com' });
  });

  it('with a failing verdict: off ignores it, report lets the mail in and records it, enforce refuses', () => {
    expect(authoriseSender(input({ mode: 'off', verdict: FAIL }))).toEqual({ allowed: true, sender: 'ada@example.com', detail: 'ada@example.com is on the allow-list' });
    expect(authoriseSender(input({ mode: 'report', verdict: FAIL }))).toEqual({
      allowed: true,
      sender: 'ada@example.com',
      detail: 'ada@example.com is on the allow-list; authentication: fail (dmarc=fail (p=REJECT) header.from=example.com)',
    });
    expect(authoriseSender(input({ mode: 'enforce', verdict: FAIL }))).toEqual({ allowed: false, reason: 'failed-authentication', sender: 'ada@example.com', detail: FAIL.detail });
  });

  it('refuses a spoofed allow-listed From only under enforce', () => {
    const spoofed = input({ from: { address: 'ceo@bank.example' }, allowList: ['ceo@bank.example'], verdict: SPOOFED });
    expect(authoriseSender({ ...spoofed, mode: 'off' }).allowed).toBe(true);
    expect(authoriseSender({ ...spoofed, mode: 'report' })).toMatchObject({ allowed: true, detail: expect.stringContaining('header.from=bank.example') });
    expect(authoriseSender({ ...spoofed, mode: 'enforce' })).toMatchObject({ allowed: false, reason: 'failed-authentication' });
  });

  it.each(MODES)('refuses a sender that is not on the list, whatever the verdict (%s)', (mode) => {
    for (const verdict of [PASS, FAIL, null]) {
      expect(authoriseSender(input({ mode, verdict, from: { address: 'eve@example.com' } }))).toMatchObject({ allowed: false, reason: 'not-on-list', sender: 'eve@example.com' });
    }
  });

  it('compares addresses trimmed and lowercased', () => {
    expect(authoriseSender(input({ from: { address: ' ADA@Example.com ' }, allowList: ['  ada@EXAMPLE.com'] }))).toMatchObject({ allowed: true, sender: 'ada@example.com' });
  });

  it('refuses a mail with no sender at all', () => {
    const refusal = authoriseSender(input({ from: null }));
    expect(refusal).toMatchObject({ allowed: false, reason: 'no-sender', sender: null });
  });

  it('under enforce, refuses an unchecked or temporarily failed verdict and marks the latter as transient', () => {
    expect(authoriseSender(input({ verdict: null }))).toMatchObject({ allowed: false, reason: 'failed-authentication', detail: 'authentication was not checked' });
    const temporary: SenderVerdict = { result: 'temperror', detail: 'DNS failure: ESERVFAIL' };
    expect(authoriseSender(input({ verdict: temporary }))).toMatchObject({ allowed: false, reason: 'failed-authentication', detail: 'temporary error: DNS failure: ESERVFAIL' });
    expect(isTransientVerdict(temporary)).toBe(true);
    expect(isTransientVerdict(FAIL)).toBe(false);
  });

  it('words refusals for users', () => {
    expect(describeRefusal({ reason: 'not-on-list', sender: 'x@y.example', detail: '' })).toBe("Sender x@y.example is not on this document's allow-list.");
    expect(describeRefusal({ reason: 'not-on-list', sender: 'eve@x.example', detail: '' }, true)).toBe(
      "Forwarded by eve@x.example, who is not on this document's allow-list (the sender quoted in a forward does not count).",
    );
    expect(describeRefusal({ reason: 'failed-authentication', sender: 'x@y.example', detail: FAIL.detail })).toBe(
      "The sender's domain failed DMARC/DKIM checks (dmarc=fail (p=REJECT) header.from=example.com).",
    );
    expect(describeRefusal({ reason: 'no-sender', sender: null, detail: '' })).toBe('The mail has no sender address.');
  });
});

describe('sender authorisation properties', () => {
  const address = fc.constantFrom('ada@example.com', 'bob@supplier.example', 'eve@evil.example', ' ADA@example.com');
  const verdict = fc.option(
    fc.record({ result: fc.constantFrom<SenderVerdict['result']>('pass', 'fail', 'none', 'temperror'), detail: fc.string({ maxLength: 20 }) }),
    { nil: null },
  );
  const inputs = fc.record({
    from: fc.option(address.map((a) => ({ address: a })), { nil: null }),
    allowList: fc.array(address, { maxLength: 3 }),
    verdict,
    mode: fc.constantFrom<SenderAuthMode>(...MODES),
  });

  it('enforce only ever lets a passing verdict in', () => {
    fc.assert(
      fc.property(inputs, (generated) => {
        const result = authoriseSender({ ...generated, mode: 'enforce' });
        return !result.allowed || generated.verdict?.result === 'pass';
      }),
    );
  });

  it('report decides exactly as off: the verdict never blocks', () => {
    fc.assert(
      fc.property(inputs, (generated) => {
        const report = authoriseSender({ ...generated, mode: 'report' });
        const off = authoriseSender({ ...generated, mode: 'off' });
        expect({ ...report, detail: '' }).toEqual({ ...off, detail: '' });
      }),
    );
  });

  it('only the visible From is ever admitted', () => {
    fc.assert(
      fc.property(inputs, (generated) => {
        const result = authoriseSender(generated);
        return !result.allowed || result.sender === generated.from?.address.trim().toLowerCase();
      }),
    );
  });

  it('an admitted sender is always on the list', () => {
    fc.assert(
      fc.property(inputs, (generated) => {
        const result = authoriseSender(generated);
        return !result.allowed || generated.allowList.some((entry) => entry.trim().toLowerCase() === result.sender);
      }),
    );
  });
});
