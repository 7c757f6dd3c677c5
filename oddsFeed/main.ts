/**
 * The house odds feed on its own (npm run feed): its own server at FEED_PORT (default 8092) on FEED_HOST
 * (default 127.0.0.1), its own database (DATABASE_URL, or PGlite in FEED_DATA_DIR, default ./data-feed), one
 * operator FEED_OPERATOR (default hanbit) with FEED_SECRET (required, at least 16 characters), and its engine
 * running (FEED_ENGINE=0 serves the API only, for a second instance on the same database). The site then calls
 * it at FEED_URL with the same operator and secret.
 */
import Fastify from 'fastify';
import { createFeedPlugin } from './app';
import { FeedConfigError, loadFeedSettings, MIN_SECRET_LENGTH, OPERATOR_PATTERN } from './config';
import { openFeedDatabase } from './db/client';

async function main(): Promise<void> {
  const env = process.env;
  const settings = loadFeedSettings(env);
  const operator = env.FEED_OPERATOR?.trim() || 'hanbit';
  const secret = env.FEED_SECRET?.trim() ?? '';
  if (!OPERATOR_PATTERN.test(operator)) throw new FeedConfigError('FEED_OPERATOR must be 1-64 letters, digits, "-" or "_"');
  if (secret.length < MIN_SECRET_LENGTH) throw new FeedConfigError(`FEED_SECRET must be set, at least ${MIN_SECRET_LENGTH} characters`);
  const port = Number(env.FEED_PORT ?? 8092);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new FeedConfigError('FEED_PORT must be a port number');
  const host = env.FEED_HOST?.trim() || '127.0.0.1';
  const engineOn = (env.FEED_ENGINE?.trim() || '1') !== '0';

  const database = await openFeedDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.FEED_DATA_DIR ?? './data-feed' });
  const app = Fastify({ logger: { level: env.LOG_LEVEL ?? 'info' }, bodyLimit: 64 * 1024, return503OnClosing: false });
  const { plugin, handle } = createFeedPlugin({ database, operators: { [operator]: secret }, settings, mountPrefix: null });
  await app.register(plugin);
  await app.listen({ port, host });
  if (engineOn) handle.scheduler.start();
  console.log(`\n  House odds feed at http://${host}:${port} (operator ${operator}; engine ${engineOn ? 'on' : 'off'})${settings.faults ? '; FEED_FAULTS is set (tests only)' : ''}\n`);

  const close = async () => {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void close());
  process.once('SIGTERM', () => void close());
}

main().catch((error: unknown) => {
  console.error(error instanceof FeedConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
