/**
 * Security headers on every answer, pages and API alike: a strict Content-Security-Policy (scripts,
 * styles, fonts and connections from the site itself, no inline script, images also as data: URLs
 * for the captcha), no framing by other sites, no MIME sniffing, a referrer policy, a permissions
 * policy, and HSTS when the site is told it is served over HTTPS (BEHIND_HTTPS=1).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The built PWA's policy: everything from the site, nothing inline, no plugins, no framing. */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** JSON answers and stored images are data, not documents: nothing may load from them or frame them. */
const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'";

const COMMON_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'cross-origin-resource-policy': 'same-origin',
};

const HSTS = 'max-age=31536000; includeSubDomains';

/** The page policy for everything the site serves (a service worker takes its policy from its own script). */
function policyFor(contentType: string): string {
  return /^(application\/json|image\/)/i.test(contentType) ? DATA_POLICY : PAGE_POLICY;
}

export type SetSecurityHeaders = (reply: FastifyReply) => void;

/** Sets the headers on a reply whose content type is known. */
export function securityHeaders({ hsts }: { hsts: boolean }): SetSecurityHeaders {
  return (reply) => {
    reply.headers(COMMON_HEADERS);
    reply.header('content-security-policy', policyFor(String(reply.getHeader('content-type') ?? '')));
    if (hsts) reply.header('strict-transport-security', HSTS);
  };
}

/** Adds the headers to every reply of `app` and its scopes (register it before them). */
export function registerSecurityHeaders(app: FastifyInstance, setHeaders: SetSecurityHeaders): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    setHeaders(reply);
    return payload;
  });
}
