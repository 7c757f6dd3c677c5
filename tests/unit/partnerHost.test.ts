import { describe, expect, it } from 'vitest';
import { partnerHostsOf } from '../../src/data/partnerHost';

const at = (hostname: string, port = '', protocol = 'https:') => ({ hostname, port, protocol });

describe('the partner host (site option partnerHostPrefix)', () => {
  it('is <prefix>.<the site\'s domain>, from the site and from itself', () => {
    expect(partnerHostsOf(at('www.example.com'), 'partner')).toEqual({
      domain: 'example.com', partnerOrigin: 'https://partner.example.com', siteOrigin: 'https://example.com', onPartnerHost: false,
    });
    expect(partnerHostsOf(at('example.co.kr', '8443'), 'ptn')).toMatchObject({ domain: 'example.co.kr', partnerOrigin: 'https://ptn.example.co.kr:8443' });
    expect(partnerHostsOf(at('partner.hb.test', '8210', 'http:'), 'partner')).toEqual({
      domain: 'hb.test', partnerOrigin: 'http://partner.hb.test:8210', siteOrigin: 'http://hb.test:8210', onPartnerHost: true,
    });
  });

  it('is none without a prefix or on an address with no domain (the area stays on this host)', () => {
    expect(partnerHostsOf(at('www.example.com'), '')).toBeNull();
    expect(partnerHostsOf(at('127.0.0.1', '8210', 'http:'), 'partner')).toBeNull();
    expect(partnerHostsOf(at('localhost', '8210', 'http:'), 'partner')).toBeNull();
    expect(partnerHostsOf(at('partner.localhost'), 'partner')).toBeNull();
    expect(partnerHostsOf(at('[::1]'), 'partner')).toBeNull();
  });
});
