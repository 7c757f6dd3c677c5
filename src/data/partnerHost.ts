/**
 * Where the partner area opens (SPEC §6): on `<prefix>.<the site's domain>` when the operator set a partner
 * host prefix (site option `partnerHostPrefix`), else on the site's own host. The site's domain is this host
 * without a leading `www.` or `<prefix>.`; an address with no domain (an IP, `localhost`) keeps the area on
 * its own host. While a prefix applies, the session cookie is written for that domain (`shareTokenWith`), so
 * the partner is still signed in on the partner host.
 */
import { useEffect } from 'react';
import { shareTokenWith } from '../api/token';
import { useSiteOption } from './siteReads';

export interface PartnerHosts {
  /** The parent domain both hosts share (the session cookie's domain). */
  domain: string;
  /** `https://partner.example.com` */
  partnerOrigin: string;
  /** `https://example.com`: the way back from the partner host. */
  siteOrigin: string;
  /** This page is on the partner host. */
  onPartnerHost: boolean;
}

const IP_ADDRESS = /^(\d{1,3}\.){3}\d{1,3}$|:/;

export function partnerHostsOf(place: Pick<Location, 'protocol' | 'hostname' | 'port'>, prefix: string): PartnerHosts | null {
  if (prefix === '') return null;
  const host = place.hostname.toLowerCase();
  if (IP_ADDRESS.test(host)) return null;
  const onPartnerHost = host.startsWith(`${prefix}.`);
  const domain = onPartnerHost ? host.slice(prefix.length + 1) : host.startsWith('www.') ? host.slice(4) : host;
  if (!domain.includes('.')) return null;
  const port = place.port ? `:${place.port}` : '';
  return { domain, partnerOrigin: `${place.protocol}//${prefix}.${domain}${port}`, siteOrigin: `${place.protocol}//${domain}${port}`, onPartnerHost };
}

/** The partner hosts of this page (null while the options load, or when the area stays on this host); shares the session cookie with them. */
export function usePartnerHosts(): PartnerHosts | null {
  const options = useSiteOption();
  const prefix = options.status === 'ready' ? options.data.siteOption.partnerHostPrefix : '';
  const hosts = typeof location === 'undefined' ? null : partnerHostsOf(location, prefix);
  const domain = hosts?.domain ?? null;
  useEffect(() => {
    if (options.status === 'ready') shareTokenWith(domain);
  }, [options.status, domain]);
  return hosts;
}
