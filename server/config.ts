/** Server configuration from the environment, validated once at start. */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SITE_ID_DEFAULT } from '../contract/constants';
import { OPERATOR_ROLES, type OperatorRole } from '../contract/console';
import { FeedConfigError, type FeedEnvSettings, loadFeedSettings } from '../oddsFeed/config';
import { loadVendorSettings, MIN_SECRET_LENGTH, OPERATOR_PATTERN, VendorConfigError, type VendorSettings } from '../gameProvider/config';
import { cashOutPassKey, CashOutPassKeyError } from './member/cashOutPass';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; PGlite in dataDir when absent. */
  databaseUrl: string | null;
  adminToken: string;
  /** True when ADMIN_TOKEN was not set and a random one was made for this run. */
  adminTokenGenerated: boolean;
  /** ADMIN_TOKEN_SCOPES: the operator roles whose calls the token may make (required in production; elsewhere default all, i.e. owner). */
  adminTokenScopes: readonly OperatorRole[];
  /** The token's calls wait for a second operator like a console session's; ADMIN_TOKEN_FOUR_EYES=0 (tests only, never in production) lets them run. */
  adminTokenFourEyes: boolean;
  siteId: string;
  /** Tests only: every captcha's answer is this value. */
  captchaFixed: string | null;
  /** Tests only (TEST_CLOCK=1): the server clock can be set through PUT /admin/api/test/clock. */
  testClock: boolean;
  nodeEnv: string;
  /** BEHIND_HTTPS=1: the site is served over HTTPS (by a proxy in front), so answers carry HSTS. */
  behindHttps: boolean;
  /** The built site (vite build output in the project's dist/); served when it exists. */
  distDir: string;
  /** The house game vendor: where the games adapter calls it, and as which operator. */
  vendor: VendorConfig;
  /** The odds feed: where the sportsbook's feed adapter calls it, and as which operator. */
  feed: FeedConfig;
  /** Broker mode (README, Real-time at scale): RabbitMQ carries the real-time events; null: the embedded endpoint. */
  rabbit: { url: string; stompUrl: string; tokenKey: string } | null;
}

/** The house odds feed is mounted in this server under this prefix unless FEED_URL names another address. */
export const FEED_MOUNT_PREFIX = '/feed';

export interface FeedConfig {
  /** FEED_URL, or this server's own address plus FEED_MOUNT_PREFIX when the feed is mounted here. */
  url: string;
  /** True when FEED_URL is unset: the server serves the house feed in-process. */
  mounted: boolean;
  /** FEED_OPERATOR (default: the site id). */
  operator: string;
  /** FEED_SECRET; mounted without one, a random secret for this run shared with the in-process feed. */
  secret: string;
  secretGenerated: boolean;
  /** The mounted feed's own settings (oddsFeed/config.ts: FEED_FAULTS, FEED_RETENTION_*, FEED_TICK_MS). */
  settings: FeedEnvSettings;
}

/** The vendor is mounted in this server under this prefix unless VENDOR_URL names another address. */
export const VENDOR_MOUNT_PREFIX = '/vendor';

export interface VendorConfig {
  /** VENDOR_URL, or this server's own address plus VENDOR_MOUNT_PREFIX when the vendor is mounted here. */
  url: string;
  /** True when VENDOR_URL is unset: `npm start` serves the vendor in-process. */
  mounted: boolean;
  /** VENDOR_OPERATOR (default: the site id). */
  operator: string;
  /** VENDOR_SECRET; mounted without one, a random secret for this run shared with the in-process vendor. */
  secret: string;
  secretGenerated: boolean;
  /** The mounted vendor's own settings (gameProvider/config.ts: VENDOR_FAULTS, VENDOR_PUBLIC_URL...). */
  settings: VendorSettings;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

function parsePort(value: string | null): number {
  if (value === null) return 8080;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${value}"`);
  return port;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = nonEmpty(env.NODE_ENV) ?? 'development';

  const siteId = nonEmpty(env.SITE_ID) ?? SITE_ID_DEFAULT;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(siteId)) throw new ConfigError('SITE_ID must be 1-64 letters, digits, "-" or "_"');

  const captchaFixed = nonEmpty(env.CAPTCHA_FIXED);
  if (captchaFixed !== null) {
    if (nodeEnv === 'production') {
      throw new ConfigError('CAPTCHA_FIXED is for tests only and is refused when NODE_ENV=production; unset it.');
    }
    if (!/^[1-5]{4}$/.test(captchaFixed)) throw new ConfigError('CAPTCHA_FIXED must be 4 digits, each from 1 to 5 (e.g. 1234)');
  }

  const testClock = nonEmpty(env.TEST_CLOCK);
  if (testClock !== null) {
    if (nodeEnv === 'production') {
      throw new ConfigError('TEST_CLOCK is for tests only and is refused when NODE_ENV=production; unset it.');
    }
    if (testClock !== '1' && testClock !== '0') throw new ConfigError('TEST_CLOCK must be 1 (settable clock) or 0');
  }

  const behindHttps = nonEmpty(env.BEHIND_HTTPS);
  if (behindHttps !== null && behindHttps !== '1' && behindHttps !== '0') throw new ConfigError('BEHIND_HTTPS must be 1 (served over HTTPS) or 0');

  const givenToken = nonEmpty(env.ADMIN_TOKEN);
  if (givenToken !== null && givenToken.length < 16) throw new ConfigError('ADMIN_TOKEN must be at least 16 characters');

  // One leaked token must not be the whole house: in production its roles are named, never all by default.
  const givenScopes = nonEmpty(env.ADMIN_TOKEN_SCOPES);
  if (givenScopes === null && nodeEnv === 'production') {
    throw new ConfigError(`ADMIN_TOKEN_SCOPES must be set when NODE_ENV=production: the roles the operator token may act as (${OPERATOR_ROLES.join(', ')}), comma-separated`);
  }
  const scopes = (givenScopes ?? OPERATOR_ROLES.join(',')).split(',').map((scope) => scope.trim());
  const unknownScope = scopes.find((scope) => !(OPERATOR_ROLES as readonly string[]).includes(scope));
  if (unknownScope !== undefined) throw new ConfigError(`ADMIN_TOKEN_SCOPES are roles (${OPERATOR_ROLES.join(', ')}), comma-separated; got "${unknownScope}"`);

  const tokenFourEyes = nonEmpty(env.ADMIN_TOKEN_FOUR_EYES);
  if (tokenFourEyes !== null && tokenFourEyes !== '1' && tokenFourEyes !== '0') throw new ConfigError('ADMIN_TOKEN_FOUR_EYES must be 1 or 0');
  if (tokenFourEyes === '0' && nodeEnv === 'production') {
    throw new ConfigError('ADMIN_TOKEN_FOUR_EYES=0 (the operator token skips four-eyes) is for tests only and is refused when NODE_ENV=production; unset it.');
  }

  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// connection string');
  }

  // The cash-out passwords' key (server/member/cashOutPass.ts reads it where it hashes): checked at start.
  try {
    cashOutPassKey(env);
  } catch (error) {
    throw error instanceof CashOutPassKeyError ? new ConfigError(error.message) : error;
  }

  const port = parsePort(nonEmpty(env.PORT));
  const host = nonEmpty(env.HOST) ?? '127.0.0.1';

  const rabbitUrl = nonEmpty(env.RABBITMQ_URL);
  const stompUrl = nonEmpty(env.RABBITMQ_STOMP_URL);
  const tokenKey = nonEmpty(env.RABBITMQ_TOKEN_KEY);
  const rabbitSet = [rabbitUrl, stompUrl, tokenKey].filter((value) => value !== null).length;
  if (rabbitSet > 0 && rabbitSet < 3) throw new ConfigError('RABBITMQ_URL, RABBITMQ_STOMP_URL and RABBITMQ_TOKEN_KEY go together: set all three (broker mode) or none');
  if (rabbitUrl !== null && !/^amqps?:\/\//.test(rabbitUrl)) throw new ConfigError('RABBITMQ_URL must be an amqp:// or amqps:// address');
  if (stompUrl !== null && !/^wss?:\/\//.test(stompUrl)) throw new ConfigError('RABBITMQ_STOMP_URL must be a ws:// or wss:// address (RabbitMQ Web-STOMP)');
  if (tokenKey !== null && tokenKey.length < 32) throw new ConfigError('RABBITMQ_TOKEN_KEY must be at least 32 characters');

  return {
    port,
    host,
    dataDir: nonEmpty(env.DATA_DIR) ?? './data',
    databaseUrl,
    adminToken: givenToken ?? randomBytes(32).toString('hex'),
    adminTokenGenerated: givenToken === null,
    adminTokenScopes: scopes as OperatorRole[],
    adminTokenFourEyes: tokenFourEyes !== '0',
    siteId,
    captchaFixed,
    testClock: testClock === '1',
    nodeEnv,
    behindHttps: behindHttps === '1',
    distDir: fileURLToPath(new URL('../dist', import.meta.url)),
    vendor: loadVendorConfig(env, { nodeEnv, siteId, host, port }),
    feed: loadFeedConfig(env, { nodeEnv, siteId, host, port }),
    rabbit: rabbitUrl && stompUrl && tokenKey ? { url: rabbitUrl, stompUrl, tokenKey } : null,
  };
}

function loadFeedConfig(env: Env, site: { nodeEnv: string; siteId: string; host: string; port: number }): FeedConfig {
  const url = nonEmpty(env.FEED_URL);
  if (url !== null && !/^https?:\/\/\S+[^/\s]$/.test(url)) throw new ConfigError('FEED_URL must be an http(s) URL without a trailing slash');
  const operator = nonEmpty(env.FEED_OPERATOR) ?? site.siteId;
  if (!OPERATOR_PATTERN.test(operator)) throw new ConfigError('FEED_OPERATOR must be 1-64 letters, digits, "-" or "_"');
  const secret = nonEmpty(env.FEED_SECRET);
  if (secret !== null && secret.length < MIN_SECRET_LENGTH) throw new ConfigError(`FEED_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  if (url !== null && secret === null) throw new ConfigError('FEED_SECRET must be set when FEED_URL names another feed address');
  let settings: FeedEnvSettings;
  try {
    settings = loadFeedSettings({ ...env, NODE_ENV: site.nodeEnv });
  } catch (error) {
    throw error instanceof FeedConfigError ? new ConfigError(error.message) : error;
  }
  const localHost = site.host === '0.0.0.0' || site.host === '::' ? '127.0.0.1' : site.host;
  return {
    url: url ?? `http://${localHost.includes(':') ? `[${localHost}]` : localHost}:${site.port}${FEED_MOUNT_PREFIX}`,
    mounted: url === null,
    operator,
    secret: secret ?? randomBytes(32).toString('hex'),
    secretGenerated: secret === null,
    settings,
  };
}

function loadVendorConfig(env: Env, site: { nodeEnv: string; siteId: string; host: string; port: number }): VendorConfig {
  const url = nonEmpty(env.VENDOR_URL);
  if (url !== null && !/^https?:\/\/\S+[^/\s]$/.test(url)) throw new ConfigError('VENDOR_URL must be an http(s) URL without a trailing slash');
  const operator = nonEmpty(env.VENDOR_OPERATOR) ?? site.siteId;
  if (!OPERATOR_PATTERN.test(operator)) throw new ConfigError('VENDOR_OPERATOR must be 1-64 letters, digits, "-" or "_"');
  const secret = nonEmpty(env.VENDOR_SECRET);
  if (secret !== null && secret.length < MIN_SECRET_LENGTH) throw new ConfigError(`VENDOR_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  if (url !== null && secret === null) throw new ConfigError('VENDOR_SECRET must be set when VENDOR_URL names another vendor address');
  let settings: VendorSettings;
  try {
    settings = loadVendorSettings({ ...env, NODE_ENV: site.nodeEnv });
  } catch (error) {
    throw error instanceof VendorConfigError ? new ConfigError(error.message) : error;
  }
  const localHost = site.host === '0.0.0.0' || site.host === '::' ? '127.0.0.1' : site.host;
  return {
    url: url ?? `http://${localHost.includes(':') ? `[${localHost}]` : localHost}:${site.port}${VENDOR_MOUNT_PREFIX}`,
    mounted: url === null,
    operator,
    secret: secret ?? randomBytes(32).toString('hex'),
    secretGenerated: secret === null,
    settings,
  };
}
