import { describe, expect, it } from 'vitest';
import { balanceMoves, heldMove, UNTRIPPED } from '../../../src/modules/notifications/domain/notification-decisions.js';
import { renderNotification } from '../../../src/modules/notifications/domain/notification-texts.js';
import { HmacUnsubscribeTokens } from '../../../src/modules/notifications/infra/hmac.unsubscribe-tokens.js';

const TRIPPED = { tripped: true, episode: 1 };
const links = { publicUrl: 'https://app.example.com', unsubscribeUrl: 'https://app.example.com/unsubscribe?token=t' };

describe('notification rules', () => {
  it('trips the low mark at exactly 10% of the allowance and not above it', () => {
    expect(balanceMoves({ tokensLeft: 50, allowance: 500, unlimited: false }, { low: UNTRIPPED, empty: UNTRIPPED })).toEqual({ low: 'trip', empty: 'stay' });
    expect(balanceMoves({ tokensLeft: 51, allowance: 500, unlimited: false }, { low: UNTRIPPED, empty: UNTRIPPED })).toEqual({ low: 'stay', empty: 'stay' });
  });

  it('clears a tripped mark only when the balance is back above its threshold', () => {
    expect(balanceMoves({ tokensLeft: 20, allowance: 500, unlimited: false }, { low: TRIPPED, empty: TRIPPED })).toEqual({ low: 'stay', empty: 'clear' });
    expect(balanceMoves({ tokensLeft: 300, allowance: 500, unlimited: false }, { low: TRIPPED, empty: TRIPPED })).toEqual({ low: 'clear', empty: 'clear' });
  });

  it('starts a hold episode with the first held mail and ends it when none waits', () => {
    expect(heldMove(1, UNTRIPPED)).toBe('trip');
    expect(heldMove(3, TRIPPED)).toBe('stay');
    expect(heldMove(0, TRIPPED)).toBe('clear');
    expect(heldMove(0, UNTRIPPED)).toBe('stay');
  });

  it('writes plain text and escaped HTML with the page link and the unsubscribe link', () => {
    const mail = renderNotification({ kind: 'refused-sender', documentId: 'doc 1', documentName: 'R&D <notes>', senders: ['x@y.example'] }, links);
    expect(mail.subject).toBe('An email to "R&D <notes>" was not processed');
    expect(mail.text).toContain('Open the document: https://app.example.com/dashboard/doc/doc%201');
    expect(mail.text).toContain('Unsubscribe: https://app.example.com/unsubscribe?token=t');
    expect(mail.html).toContain('R&amp;D &lt;notes&gt;');
    expect(mail.html).not.toContain('<notes>');
  });
});

describe('unsubscribe tokens', () => {
  const tokens = new HmacUnsubscribeTokens('test-jwt-secret-that-is-long-enough-0123456789');

  it('verifies what it signed, for one kind or all', () => {
    expect(tokens.verify(tokens.sign('user-1', 'lowBalance'))).toEqual({ userId: 'user-1', scope: 'lowBalance' });
    expect(tokens.verify(tokens.sign('user-1', 'all'))).toEqual({ userId: 'user-1', scope: 'all' });
  });

  it('refuses a changed payload, a changed signature, an unknown kind and garbage', () => {
    const [, mac] = tokens.sign('user-1', 'lowBalance').split('.');
    expect(tokens.verify(`${Buffer.from('user-2:lowBalance').toString('base64url')}.${mac ?? ''}`)).toBeNull();
    expect(tokens.verify(`${tokens.sign('user-1', 'lowBalance')}x`)).toBeNull();
    const forgedKind = `${Buffer.from('user-1:marketing').toString('base64url')}`;
    expect(tokens.verify(`${forgedKind}.${mac ?? ''}`)).toBeNull();
    expect(tokens.verify('a.b.c')).toBeNull();
    expect(tokens.verify('')).toBeNull();
  });
});
