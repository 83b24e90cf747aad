import { describe, expect, it } from 'vitest';
import { peerNetworkOf } from '../../../../src/modules/mail/infra/smtp/ip-prefix.js';

describe('the network a peer is counted in', () => {
  it.each([
    ['192.0.2.77', '192.0.2.77', '192.0.2.0/24'],
    ['192.0.2.0', '192.0.2.0', '192.0.2.0/24'],
    ['198.51.100.255', '198.51.100.255', '198.51.100.0/24'],
    ['127.0.0.1', '127.0.0.1', '127.0.0.0/24'],
    ['0.0.0.0', '0.0.0.0', '0.0.0.0/24'],
  ])('IPv4 %s is itself, in its /24', (text, address, network) => {
    expect(peerNetworkOf(text)).toEqual({ address, family: 4, network });
  });

  it('puts neighbours in one /24 and the next /24 apart', () => {
    expect(peerNetworkOf('203.0.113.1')?.network).toBe(peerNetworkOf('203.0.113.254')?.network);
    expect(peerNetworkOf('203.0.114.1')?.network).not.toBe(peerNetworkOf('203.0.113.1')?.network);
  });

  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002::FFFF', '2001:db8:1:2::ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8::1', '2001:db8::/64'],
    ['2001:db8:0:0:1::1', '2001:db8::1:0:0:1', '2001:db8::/64'],
    ['2001:0:0:1::', '2001:0:0:1::', '2001:0:0:1::/64'],
    ['::1', '::1', '::/64'],
    ['::', '::', '::/64'],
    ['fe80::1%eth0', 'fe80::1', 'fe80::/64'],
    ['2607:f8b0:4864:20::12f', '2607:f8b0:4864:20::12f', '2607:f8b0:4864:20::/64'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8', '1:2:3:4::/64'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3', '1:0:0:2::/64'],
  ])('IPv6 %s is %s, in %s', (text, address, network) => {
    expect(peerNetworkOf(text)).toEqual({ address, family: 6, network });
  });

  it('spells one IPv6 address one way, so its spellings share a counter', () => {
    const spellings = ['2001:db8:0:0:0:0:0:1', '2001:db8::1', '2001:DB8::0:1', '2001:0db8:0000::0001'];
    expect(new Set(spellings.map((text) => peerNetworkOf(text)?.address))).toEqual(new Set(['2001:db8::1']));
  });

  it.each([
    ['::ffff:192.0.2.77', '192.0.2.77', '192.0.2.0/24'],
    ['::FFFF:192.0.2.77', '192.0.2.77', '192.0.2.0/24'],
    ['::ffff:c000:24d', '192.0.2.77', '192.0.2.0/24'],
    ['0:0:0:0:0:ffff:7f00:1', '127.0.0.1', '127.0.0.0/24'],
  ])('the IPv4-mapped IPv6 %s is the IPv4 peer %s, in its /24', (text, address, network) => {
    expect(peerNetworkOf(text)).toEqual({ address, family: 4, network });
  });

  it('keeps IPv6 addresses that merely embed an IPv4 one (NAT64, IPv4-compatible) in their /64', () => {
    expect(peerNetworkOf('64:ff9b::192.0.2.77')).toEqual({ address: '64:ff9b::c000:24d', family: 6, network: '64:ff9b::/64' });
    expect(peerNetworkOf('::192.0.2.77')).toEqual({ address: '::c000:24d', family: 6, network: '::/64' });
  });

  it.each(['', 'localhost', '192.0.2', '192.0.2.256', '1.2.3.4/24', '2001:db8::g', '1:2:3:4:5:6:7:8:9', ':::1'])(
    'answers null for %j, which is no address',
    (text) => {
      expect(peerNetworkOf(text)).toBeNull();
    },
  );
});
