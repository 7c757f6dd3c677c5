/**
 * The vendor's own settings from the environment (the operator and secret come from its host: the site's
 * config when mounted, VENDOR_OPERATOR/VENDOR_SECRET when standalone).
 *   VENDOR_FAULTS=1           the fault switch (tests only; refused when NODE_ENV=production)
 *   VENDOR_PUBLIC_URL         the vendor's address as players' browsers reach it (launch URLs); by default
 *                             a path under the mount prefix when mounted, else the address the call came to
 *   VENDOR_FRAME_ANCESTORS    origins allowed to frame the game pages (space separated); default 'self'
 *   VENDOR_SESSION_MINUTES    how long a launch session lasts (default 360)
 */
export class VendorConfigError extends Error {
  override name = 'VendorConfigError';
}

export interface VendorSettings {
  faults: boolean;
  publicUrl: string | null;
  frameAncestors: string[];
  sessionTtlMs: number;
}

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

export function loadVendorSettings(env: Env = process.env): VendorSettings {
  const faults = nonEmpty(env.VENDOR_FAULTS);
  if (faults !== null) {
    if (faults !== '1' && faults !== '0') throw new VendorConfigError('VENDOR_FAULTS must be 1 (fault switch on) or 0');
    if (faults === '1' && env.NODE_ENV === 'production') {
      throw new VendorConfigError('VENDOR_FAULTS is for tests only and is refused when NODE_ENV=production; unset it.');
    }
  }
  const publicUrl = nonEmpty(env.VENDOR_PUBLIC_URL);
  if (publicUrl !== null && !/^https?:\/\/[^\s]+[^/\s]$/.test(publicUrl)) {
    throw new VendorConfigError('VENDOR_PUBLIC_URL must be an http(s) URL without a trailing slash');
  }
  const ancestors = nonEmpty(env.VENDOR_FRAME_ANCESTORS)?.split(/\s+/) ?? ["'self'"];
  if (!ancestors.every((a) => a === "'self'" || /^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(a))) {
    throw new VendorConfigError("VENDOR_FRAME_ANCESTORS must be origins (https://site.example) or 'self', space separated");
  }
  const minutes = nonEmpty(env.VENDOR_SESSION_MINUTES) ?? '360';
  if (!/^\d{1,5}$/.test(minutes) || Number(minutes) < 1) throw new VendorConfigError('VENDOR_SESSION_MINUTES must be a whole number of minutes (1 or more)');
  return { faults: faults === '1', publicUrl, frameAncestors: ancestors, sessionTtlMs: Number(minutes) * 60_000 };
}

/** Operator ids: what the signature header carries. */
export const OPERATOR_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const MIN_SECRET_LENGTH = 16;
