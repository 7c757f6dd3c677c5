/**
 * The house vendor on its own (npm run provider): its own server at VENDOR_PORT (default 8090) on
 * VENDOR_HOST (default 127.0.0.1), its own database (DATABASE_URL, or PGlite in VENDOR_DATA_DIR,
 * default ./data-vendor), one operator VENDOR_OPERATOR (default hanbit) with VENDOR_SECRET (required,
 * at least 16 characters). The site then calls it at VENDOR_URL with the same operator and secret.
 */
import Fastify from 'fastify';
import { createVendorPlugin } from './app';
import { loadVendorSettings, MIN_SECRET_LENGTH, OPERATOR_PATTERN, VendorConfigError } from './config';
import { openVendorDatabase } from './db/client';

async function main(): Promise<void> {
  const env = process.env;
  const settings = loadVendorSettings(env);
  const operator = env.VENDOR_OPERATOR?.trim() || 'hanbit';
  const secret = env.VENDOR_SECRET?.trim() ?? '';
  if (!OPERATOR_PATTERN.test(operator)) throw new VendorConfigError('VENDOR_OPERATOR must be 1-64 letters, digits, "-" or "_"');
  if (secret.length < MIN_SECRET_LENGTH) throw new VendorConfigError(`VENDOR_SECRET must be set, at least ${MIN_SECRET_LENGTH} characters`);
  const port = Number(env.VENDOR_PORT ?? 8090);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new VendorConfigError('VENDOR_PORT must be a port number');
  const host = env.VENDOR_HOST?.trim() || '127.0.0.1';

  const database = await openVendorDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.VENDOR_DATA_DIR ?? './data-vendor' });
  const app = Fastify({ logger: { level: env.LOG_LEVEL ?? 'info' }, bodyLimit: 64 * 1024, return503OnClosing: false });
  const { plugin } = createVendorPlugin({ database, operators: { [operator]: secret }, settings, mountPrefix: null });
  await app.register(plugin);
  await app.listen({ port, host });
  console.log(`\n  House vendor at http://${host}:${port} (operator ${operator})${settings.faults ? '; VENDOR_FAULTS is set (tests only)' : ''}\n`);

  const close = async () => {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void close());
  process.once('SIGTERM', () => void close());
}

main().catch((error: unknown) => {
  console.error(error instanceof VendorConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
