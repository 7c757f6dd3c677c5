/**
 * The /slot/game frame page (SPEC §2) frames only the game vendor's pages: the house vendor mounted under
 * VENDOR_PATH on this origin, or a vendor origin the build names in VITE_VENDOR_ORIGINS (comma-separated).
 */
const VENDOR_PATH = '/vendor/';

function extraOrigins(): string[] {
  const listed: string = import.meta.env.VITE_VENDOR_ORIGINS ?? '';
  return listed.split(',').map((origin) => origin.trim()).filter(Boolean);
}

/** The URL to frame, or null when it is not a page of the game vendor. */
export function frameableGameUrl(raw: string | undefined, siteOrigin: string, vendorOrigins: readonly string[] = extraOrigins()): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw, siteOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin === siteOrigin) return url.pathname.startsWith(VENDOR_PATH) ? url.href : null;
  return vendorOrigins.includes(url.origin) ? url.href : null;
}
