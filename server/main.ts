/**
 * Entry point: configuration, database (created and migrated on first start), demo seed outside
 * production, the real-time channel, the app; then listen and close gracefully on SIGINT/SIGTERM.
 */
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createRealtime } from './realtime/index';
import { DEMO_MEMBER, DEMO_PARTNER, seed } from './seed';
import { DEMO_STORE, seedPartnerDemo } from './partner/demo';
import { sessionAuthenticator } from './session/service';
import { consoleAuthenticator, createFirstOwner } from './console/operators';

/** The first console owner outside production. */
const DEV_OWNER = { operatorId: 'owner', name: 'Owner' };

function describe(parts: unknown[]): string {
  return parts.map((p) => (p instanceof Error ? p.stack ?? p.message : typeof p === 'string' ? p : JSON.stringify(p))).join(' ');
}

/** The real-time channel logs through the app's logger (which exists by the time anything connects). */
function forwardLog(logger: () => FastifyBaseLogger | undefined) {
  return {
    info: (...parts: unknown[]) => logger()?.info(describe(parts)),
    warn: (...parts: unknown[]) => logger()?.warn(describe(parts)),
    error: (...parts: unknown[]) => logger()?.error(describe(parts)),
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  const seeded = config.nodeEnv !== 'production';
  if (seeded) {
    await seed(database.db);
    await seedPartnerDemo(database.db);
  }
  // Outside production the first console owner is made at the first start (production: npm run console:owner).
  const ownerPassword = seeded ? await createFirstOwner(database.db, systemClock, DEV_OWNER) : null;

  const appLog: { current?: FastifyBaseLogger } = {};
  const realtime = await createRealtime({
    database,
    siteId: config.siteId,
    authenticate: sessionAuthenticator(database.db, systemClock),
    authenticateOperator: consoleAuthenticator(database.db, systemClock),
    log: forwardLog(() => appLog.current),
    rabbit: config.rabbit,
  });
  const app = await buildApp({ database, config, realtime, logger: { level: process.env.LOG_LEVEL ?? 'info' }, runScheduler: true });
  appLog.current = app.log;
  realtime.attach(app.server);
  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `  Hanbit is running at http://${config.host}:${port}`,
    `  Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    `  Real-time: ${config.rabbit ? `RabbitMQ (events published to ${new URL(config.rabbit.url).host}, /ws passed through to ${config.rabbit.stompUrl})` : 'the embedded STOMP endpoint at /ws'}`,
    ...(seeded ? [
      `  Demo member:  ${DEMO_MEMBER.memId} / ${DEMO_MEMBER.password} (cash-out password ${DEMO_MEMBER.cashOutPassword})`,
      `  Demo partner: ${DEMO_PARTNER.memId} / ${DEMO_PARTNER.password} (its store: ${DEMO_STORE.memId} / ${DEMO_STORE.password})`,
    ] : []),
    ...(seeded ? [ownerPassword
      ? `  Console owner: ${DEV_OWNER.operatorId} / ${ownerPassword} (shown once; sign in at /admin and enrol TOTP)`
      : '  Console owner: exists (npm run console:owner makes one only while there is none)'] : []),
    `  Operator token${config.adminTokenGenerated ? ' (random for this run; set ADMIN_TOKEN to fix it)' : ''}: ${config.adminToken}`,
    `    its roles: ${config.adminTokenScopes.join(', ')}; ${config.adminTokenFourEyes ? 'four-eyes applies to it' : 'ADMIN_TOKEN_FOUR_EYES=0: it skips four-eyes (tests only)'}`,
    ...(config.captchaFixed ? [`  CAPTCHA_FIXED is set: every captcha's answer is ${config.captchaFixed} (tests only)`] : []),
    config.vendor.mounted
      ? `  Game vendor: in this server at ${config.vendor.url} (operator ${config.vendor.operator}${config.vendor.secretGenerated ? ', secret random for this run' : ''})`
      : `  Game vendor: ${config.vendor.url} (operator ${config.vendor.operator})`,
    ...(config.vendor.mounted && config.vendor.settings.faults ? ['  VENDOR_FAULTS is set: PUT /vendor/test/faults makes the vendor misbehave (tests only)'] : []),
    ...(config.testClock ? ['  TEST_CLOCK is set: PUT /admin/api/test/clock sets the server clock (tests only)'] : []),
    '',
  ];
  console.log(lines.join('\n'));

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await realtime.close().catch((error: unknown) => app.log.error(error));
    await app.close().catch((error: unknown) => console.error(error));
    await database.close().catch((error: unknown) => console.error(error));
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
