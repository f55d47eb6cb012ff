import { describe, expect, it } from 'vitest';
import { embeddedIPv4, ipv6Groups, isAllowedAddress } from './address-policy';
import { checkTargetUrl } from './guarded-fetch';
import { OutboundError } from './outbound-error';

describe('address policy', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.2.10',
    '198.18.0.1',
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'febf::1',
    'fc00::1',
    'fd12:3456::1',
    'fd00:ec2::254',
    'FD00:EC2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::10.1.2.3',
    '64:ff9b:1::8.8.8.8',
    '::127.0.0.1',
    '::7f00:1',
    '::8.8.8.8',
    '::ffff:0:8.8.8.8',
    '2002:7f00:1::',
    '2002:c0a8:101::1',
    '2002:a9fe:a9fe::',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:db8::1',
    'fe80::1%eth0',
    'localhost',
    'não é ip',
    '',
  ])('refuses %s', (address) => {
    expect(isAllowedAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '169.253.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(isAllowedAddress(address)).toBe(true);
  });

  it('lifts only loopback with allowLoopback (ALLOW_PRIVATE_NETWORK_TARGETS)', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(isAllowedAddress(ip, { allowLoopback: true }), ip).toBe(true);
    }
    for (const ip of ['10.0.0.1', '192.168.0.1', '169.254.169.254', 'fd00:ec2::254', '0.0.0.0', '::']) {
      expect(isAllowedAddress(ip, { allowLoopback: true }), ip).toBe(false);
    }
  });

  it('expands IPv6 addresses and finds the IPv4 inside', () => {
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(ipv6Groups('2001:db8::')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('1.2.3.4')).toBeNull();
    expect(embeddedIPv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIPv4('64:ff9b::c0a8:101')).toBe('192.168.1.1');
    expect(embeddedIPv4('2002:a00:1::')).toBe('10.0.0.1');
    expect(embeddedIPv4('2606:4700::1')).toBeUndefined();
  });
});

describe('target URLs', () => {
  const refused = (url: string) => {
    try {
      checkTargetUrl(url);
    } catch (err) {
      return err instanceof OutboundError ? err.reason : 'other';
    }
    return 'accepted';
  };

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://127.1/',
    'http://%31%32%37.0.0.1/',
    'http://127。0。0。1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[2002:7f00:1::]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://0/',
    'http://10.1/',
    'https://192.168.0.1:8443/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
  ])('refuses the literal %s before connecting', (url) => {
    expect(refused(url)).toBe('blocked-address');
  });

  it.each([
    'ftp://example.com/a.png',
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'http://user:senha@example.com/',
    'http://[fe80::1%25eth0]/',
    '/uploads/creatives/x.png',
    'não é url',
  ])('refuses %s as an invalid URL', (url) => {
    expect(refused(url)).toBe('invalid-url');
  });

  it('lets a host name through to the connect-time check and allows loopback only with the flag', () => {
    expect(refused('https://example.com/a.png')).toBe('accepted');
    expect(() => checkTargetUrl('http://127.0.0.1:8080/', true)).not.toThrow();
    expect(() => checkTargetUrl('http://[::1]:8080/', true)).not.toThrow();
    expect(() => checkTargetUrl('http://10.0.0.1/', true)).toThrow(OutboundError);
    expect(() => checkTargetUrl('http://169.254.169.254/', true)).toThrow(
      'Endereço não permitido: a URL aponta para uma rede interna.',
    );
  });
});
