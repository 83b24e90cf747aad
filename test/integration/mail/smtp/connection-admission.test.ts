import { describe, expect, it } from 'vitest';
import { ConnectionAdmission, type AdmissionLimits } from '../../../../src/modules/mail/infra/smtp/connection-admission.js';
import { KnownPeers } from '../../../../src/modules/mail/infra/smtp/known-peers.js';
import { TrustedRelays } from '../../../../src/modules/mail/infra/smtp/trusted-relays.js';

const LIMITS: AdmissionLimits = {
  connectionsPerIp: 2,
  connectionsPerIpv4Slash24: 3,
  connectionsPerIpv6Slash64: 3,
  maxConnections: 10,
  reservedPercent: 20,
};

function admissionOf(limits: Partial<AdmissionLimits> = {}, relays: string[] = []) {
  const clock = { now: 1_000_000 };
  const known = new KnownPeers(60_000, 100, () => clock.now);
  const admission = new ConnectionAdmission({ ...LIMITS, ...limits }, known, new TrustedRelays(relays));
  let next = 0;
  const admit = (address: string) => {
    next += 1;
    const id = `s${next}`;
    return { id, refusal: admission.admit(id, address) };
  };
  return { clock, known, admission, admit };
}

describe('who gets an SMTP connection', () => {
  it('caps one address, then its /24, counting nothing it refused', () => {
    const { admission, admit } = admissionOf();
    expect([admit('192.0.2.1').refusal, admit('192.0.2.1').refusal]).toEqual([null, null]);
    expect(admit('192.0.2.1').refusal?.reason).toBe('too-many-connections');
    expect(admit('::ffff:192.0.2.1').refusal?.reason).toBe('too-many-connections');
    expect(admit('192.0.2.2').refusal).toBeNull();
    expect(admit('192.0.2.3').refusal).toMatchObject({
      reason: 'too-many-network-connections',
      text: '4.7.0 Too many connections from your network, try again later',
    });
    expect(admit('192.0.3.1').refusal).toBeNull();
    expect(admission.open).toBe(4);
  });

  it('caps an IPv6 /64 however many addresses it uses, and frees the slot on release', () => {
    const { admission, admit } = admissionOf();
    const first = admit('2001:db8:1:2::1');
    expect([first.refusal, admit('2001:db8:1:2::2').refusal, admit('2001:db8:1:2:ffff::3').refusal]).toEqual([null, null, null]);
    expect(admit('2001:db8:1:2::4').refusal?.reason).toBe('too-many-network-connections');
    expect(admit('2001:db8:1:3::1').refusal).toBeNull();
    admission.release(first.id);
    admission.release(first.id); // a second release changes nothing
    expect(admit('2001:db8:1:2::4').refusal).toBeNull();
    expect(admit('2001:db8:1:2::5').refusal?.reason).toBe('too-many-network-connections');
  });

  it('keeps the last 20% of 10 slots for networks that delivered lately, and for relays', () => {
    const { admission, admit } = admissionOf({}, ['198.51.100.25/32']);
    admission.delivered('203.0.113.9'); // this /24 had a message accepted
    for (let n = 1; n <= 8; n += 1) expect(admit(`10.0.${n}.1`).refusal).toBeNull();
    expect(admit('10.0.9.1').refusal).toMatchObject({ reason: 'reserved-for-known-senders', text: '4.3.2 Too busy, try again later' });
    expect(admit('203.0.113.200').refusal).toBeNull(); // a neighbour of the peer that delivered
    expect(admit('198.51.100.25').refusal).toBeNull(); // the trusted relay
    expect(admission.open).toBe(10);
    expect(admission.reservedSlots).toBe(2);
  });

  it('still applies the per-address and per-network caps to known peers', () => {
    const { admission, admit } = admissionOf();
    admission.delivered('203.0.113.9');
    for (let n = 1; n <= 8; n += 1) admit(`10.0.${n}.1`);
    expect(admit('203.0.113.9').refusal).toBeNull();
    expect(admit('203.0.113.9').refusal).toBeNull();
    expect(admit('203.0.113.9').refusal?.reason).toBe('too-many-connections');
  });

  it('forgets a known network after its time, and reserves nothing without a process-wide cap', () => {
    const { clock, admission, admit } = admissionOf();
    admission.delivered('203.0.113.9');
    for (let n = 1; n <= 8; n += 1) admit(`10.0.${n}.1`);
    clock.now += 60_000;
    expect(admit('203.0.113.9').refusal?.reason).toBe('reserved-for-known-senders');

    const unlimited = admissionOf({ maxConnections: null });
    for (let n = 1; n <= 50; n += 1) expect(unlimited.admit(`10.0.${n}.1`).refusal).toBeNull();
    expect(unlimited.admission.reservedSlots).toBe(0);
  });

  it('does not make a trusted relay known, nor count it against any cap', () => {
    const { known, admission, admit } = admissionOf({ connectionsPerIp: 1 }, ['127.0.0.0/8']);
    admission.delivered('127.0.0.1');
    expect(known.size).toBe(0);
    for (let n = 0; n < 5; n += 1) expect(admit('127.0.0.1').refusal).toBeNull();
  });
});

describe('the record of peers that delivered', () => {
  it('keeps at most its capacity, forgetting the network that delivered least recently', () => {
    const known = new KnownPeers(60_000, 2);
    known.remember('a');
    known.remember('b');
    known.remember('a');
    known.remember('c');
    expect([known.knows('a'), known.knows('b'), known.knows('c')]).toEqual([true, false, true]);
    expect(known.size).toBe(2);
  });
});
