/**
 * Builds the server (not listening): the /api envelope scope with the area modules, the operator API,
 * then the built site with its SPA fallback. Everything it needs is passed in, so tests build it on a
 * fresh database with a recording fake of the real-time channel.
 */
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { MAX_BODY_BYTES } from '../contract/constants';
import { createAudit } from './admin/audit';
import { gamesAdminRoutes } from './admin/gamesRoutes';
import { createGamesAdminService } from './admin/gamesService';
import { adminScope, approvedCallRunner, newExecutionKey } from './admin/scope';
import { createApprovals } from './console/approvals';
import { createOperators } from './console/operators';
import { consoleRoutes } from './console/routes';
import { siteAdminRoutes } from './admin/siteRoutes';
import { supportAdminRoutes } from './admin/supportRoutes';
import { createSupportAdminService } from './admin/supportService';
import { createSiteAdminService } from './admin/siteService';
import { walletAdminRoutes } from './admin/walletRoutes';
import { createWalletAdminService } from './admin/walletService';
import { walletMembersRoutes } from './admin/walletMembersRoutes';
import { miniAdminRoutes } from './admin/miniRoutes';
import { createMiniAdminService } from './admin/miniService';
import { createWalletMembersService } from './admin/walletMembersService';
import { registerSupportBoardRoutes } from './supportBoards/routes';
import { createSupportBoardsService } from './supportBoards/service';
import { registerBettingRoutes } from './betting/routes';
import { createBettingService } from './betting/service';
import { registerCaptchaRoutes } from './captcha/routes';
import { createCaptchaService } from './captcha/service';
import { communityAdminRoutes } from './admin/communityRoutes';
import { createCommunityAdminService } from './admin/communityService';
import { createMemberBoardService } from './community/memberBoardService';
import { communityFileRoutes } from './community/fileRoutes';
import { createMainService } from './community/mainService';
import { createRewardsService } from './community/rewardsService';
import { registerCommunityRoutes } from './community/routes';
import { createTestClock, systemClock } from './clock';
import { type Config, FEED_MOUNT_PREFIX, VENDOR_MOUNT_PREFIX } from './config';
import type { Database } from './db/client';
import { registerEtcRoutes } from './etc/routes';
import { createHttpAdapter } from './games/adapter';
import { DEFAULT_GAME_JOBS, gameJobs as createGameJobs, type GameJobOptions, listeningAddress } from './games/jobs';
import { createClusterJobs } from './cluster/jobs';
import { registerGamesRoutes } from './games/routes';
import { createGamesService, type GamesService } from './games/service';
import { createEtcService } from './etc/service';
import { createApiRouter } from './http/api';
import { registerCompression } from './http/compression';
import { closeGracefully, frameworkErrorAnswer, refuseControlCharacters, registerErrorAnswers } from './http/errors';
import { registerSecurityHeaders, securityHeaders } from './http/headers';
import { registerSite } from './http/site';
import { createOperatorMembers } from './member/operatorMembers';
import { registerMemberRoutes } from './member/routes';
import { registerMessageRoutes } from './messages/routes';
import { createMessagesService } from './messages/service';
import { createMemberService } from './member/service';
import { registerMiniGameRoutes } from './minigames/routes';
import { createScheduler } from './minigames/scheduler';
import { createMiniGamesService } from './minigames/service';
import { createBalancePush } from './money/balancePush';
import type { Push } from './push';
import { createCashMoves } from './wallet/cashMoves';
import { createCashPush } from './wallet/cashPush';
import { registerCashRoutes } from './wallet/cashRoutes';
import { createCashService } from './wallet/cashService';
import { registerCoinRoutes } from './wallet/coinRoutes';
import { registerCouponsRoutes } from './wallet/couponsRoutes';
import { createCouponsService } from './wallet/couponsService';
import { createOperatorWallet } from './wallet/operatorWallet';
import { registerPointsRoutes } from './wallet/pointsRoutes';
import { createPointsService } from './wallet/pointsService';
import { registerTransfersRoutes } from './wallet/transfersRoutes';
import { createTransfersService } from './wallet/transfersService';
import { registerPartnerRoutes } from './partner/routes';
import { createPartnerService } from './partner/service';
import { createSettlementJob } from './partner/settlementJob';
import { createOperatorPartners } from './partner/operatorPartners';
import { partnersAdminRoutes } from './admin/partnersRoutes';
import { createPartnersAdminService } from './admin/partnersService';
import { mountVendor } from '../gameProvider/mount';
import { type FeedHandle, mountOddsFeed, type OddsFeedMountConfig } from '../oddsFeed/mount';
import { sportsAdminRoutes } from './admin/sportsRoutes';
import { createSportsAdminService } from './admin/sportsService';
import { moneyDoor } from './money/door';
import { createHttpFeedAdapter } from './sports/feedAdapter';
import { createFeedIngest, type FeedIngest } from './sports/feedIngest';
import { createOperatorSports } from './sports/operatorSports';
import { registerSportsRoutes } from './sports/routes';
import { createSportsService, type SportsService } from './sports/service';
import { protectionAdminRoutes } from './admin/protectionRoutes';
import { createDashboardService } from './admin/dashboardService';
import { membersAdminRoutes } from './admin/membersRoutes';
import { createMembersAdminService } from './admin/membersService';
import { createOperatorBetting } from './betting/operatorBetting';
import { createProtectionAdminService } from './admin/protectionService';
import { registerProtectionRoutes } from './protection/routes';
import { createProtectionService } from './protection/service';
import { createSportSettlement, settlementCrashPoint, type SportSettlement } from './sports/settlement';

export interface AppOptions {
  database: Database;
  config: Config;
  /** The real-time channel (server/realtime) or, in tests, a recording fake. */
  realtime: Push;
  logger?: FastifyServerOptions['logger'];
  /**
   * Runs the mini-game round scheduler every second, the sportsbook's feed ingest and the mounted feed's engine
   * (the server does, on the one instance holding the cluster's jobs; tests drive them by hand).
   */
  runScheduler?: boolean;
  /** The sportsbook's live hold (tests pass one that returns at once or that they release). */
  sportsSleep?: (ms: number) => Promise<void>;
  /** The mounted house feed's clock, leagues and seeds (tests: a manual clock, one league, reproducible seeds). */
  feedMount?: Pick<OddsFeedMountConfig, 'clock' | 'leagues' | 'newSeed'>;
  /** The games jobs' timing (server/games/jobs.ts) while the server listens; false: none (tests run them by hand). */
  gameJobs?: GameJobOptions | false;
  /** How long the games adapter waits for one vendor call (default 5 s; tests shorten it to provoke timeouts). */
  vendorTimeoutMs?: number;
}

const gamesByApp = new WeakMap<FastifyInstance, GamesService>();
interface Sportsbook {
  ingest: FeedIngest;
  service: SportsService;
  /** Settling bets (tests race settlements of one member's bets). */
  settlement: SportSettlement;
  /** The house feed mounted in this app (null with FEED_URL). */
  feed(): FeedHandle | null;
}
const sportsByApp = new WeakMap<FastifyInstance, Sportsbook>();
/** The sportsbook of an app built here (tests apply feed messages and settle through its ingest, and drive the mounted feed). */
export function sportsOf(app: FastifyInstance): Sportsbook {
  const sports = sportsByApp.get(app);
  if (!sports) throw new Error('not an app built by buildApp');
  return sports;
}

/** The games service of an app built here (tests and the bench drive its jobs and read its state). */
export function gamesOf(app: FastifyInstance): GamesService {
  const games = gamesByApp.get(app);
  if (!games) throw new Error('not an app built by buildApp');
  return games;
}

export async function buildApp({
  database, config, realtime, logger = false, runScheduler = false, gameJobs = DEFAULT_GAME_JOBS, vendorTimeoutMs, sportsSleep, feedMount,
}: AppOptions): Promise<FastifyInstance> {
  const setSecurityHeaders = securityHeaders({ hsts: config.behindHttps });
  // Request logging is off: the member site polls the balance every 5 s. Errors are still logged.
  const app = Fastify({
    logger, logController: new LogController({ disableRequestLogging: true }), bodyLimit: MAX_BODY_BYTES,
    frameworkErrors: frameworkErrorAnswer(config.siteId, setSecurityHeaders), return503OnClosing: false,
  });
  const { db } = database;
  registerSecurityHeaders(app, setSecurityHeaders);
  closeGracefully(app, config.siteId, config.vendor.mounted ? VENDOR_MOUNT_PREFIX : null);
  refuseControlCharacters(app, config.siteId);

  // The settable clock exists only with TEST_CLOCK=1 (refused in production by the config).
  const testClock = config.testClock ? createTestClock() : null;
  const clock = testClock ?? systemClock;
  // Sessions, captchas and attempt windows keep real time: the settable clock moves business time
  // (Seoul days, bank maintenance), and a test that jumps a day must not expire every session.
  const captcha = createCaptchaService(db, systemClock, config.captchaFixed);
  const member = createMemberService({ db, clock: systemClock, push: realtime, captcha });
  const etc = createEtcService(db, clock);
  const audit = createAudit(db, clock);
  const siteAdmin = createSiteAdminService({ db, clock, push: realtime, audit });
  const balances = createBalancePush(db, realtime, app.log);
  const moveCashRequest = createCashMoves({ db, clock, balances, cashPush: createCashPush(realtime, app.log) });
  const cash = createCashService({ db, clock, balances, moveCashRequest });
  const points = createPointsService({ db, clock, balances });
  const coupons = createCouponsService({ db, clock, balances });
  const operatorWallet = createOperatorWallet({ db, clock, moveCashRequest, points, coupons });
  const transfers = createTransfersService({ db, clock, balances });
  const partners = createPartnerService({ db, clock, balances });
  const partnerSettlement = createSettlementJob({ db, clock, log: app.log });
  // The vendor mounted here is reached over HTTP like any other, at the address this server listens on.
  const vendorUrl = () => (config.vendor.mounted ? listeningAddress(app, VENDOR_MOUNT_PREFIX) : config.vendor.url);
  const adapter = createHttpAdapter({ url: vendorUrl, operator: config.vendor.operator, secret: config.vendor.secret, timeoutMs: vendorTimeoutMs });
  const betting = createBettingService({ db, clock, revealedSeed: async (roundId) => (await adapter.proof(roundId))?.serverSeed ?? null });
  const walletMembers = createWalletMembersService({ db, audit, wallet: operatorWallet });
  const messages = createMessagesService({ db, clock, push: realtime, log: app.log });
  const board = createSupportBoardsService({ db, clock });
  const supportAdmin = createSupportAdminService({ db, clock, audit, messages });
  const scheduler = createScheduler({ db, clock, push: realtime, balances, log: app.log });
  const minigames = createMiniGamesService({ db, clock, balances });
  const miniAdmin = createMiniAdminService({ db, clock, audit, scheduler });
  app.addHook('onClose', () => scheduler.stop());
  // Scheduled work runs on the one instance that holds the cluster's jobs (server/cluster/jobs.ts), once it listens.
  const jobs = createClusterJobs({ database, log: app.log });
  if (runScheduler) jobs.add({ name: 'mini-game rounds', start: () => scheduler.start(), stop: () => scheduler.stop() });
  if (runScheduler) jobs.add({ name: 'partner daily settlement', start: () => partnerSettlement.start(), stop: () => partnerSettlement.stop() });
  const games = createGamesService({
    db, clock, balances, log: app.log, adapter,
    artBase: config.vendor.settings.publicUrl ?? (config.vendor.mounted ? VENDOR_MOUNT_PREFIX : config.vendor.url),
  });
  gamesByApp.set(app, games);
  const gamesAdmin = createGamesAdminService({ db, clock, audit, games });
  const protection = createProtectionService({
    db, clock, sessionClock: systemClock, push: realtime, log: app.log, mergeGames: (member) => games.merge(member, null, 'protection'),
  });
  const walletAdmin = createWalletAdminService({
    audit, wallet: operatorWallet, members: createOperatorMembers({ db }),
    protectionHit: (memberId, code, call) => protection.recordHit(memberId, code, call)
      .catch((error: unknown) => app.log.warn({ err: error, memberId }, 'protection hit not recorded')),
  });
  // The sportsbook's feed: the house feed mounted here is reached over HTTP like any other feed, at the
  // address this server listens on.
  const feedUrl = () => (config.feed.mounted ? listeningAddress(app, FEED_MOUNT_PREFIX) : config.feed.url);
  const feedAdapter = createHttpFeedAdapter({ url: feedUrl, operator: config.feed.operator, secret: config.feed.secret });
  const sportSettlement = createSportSettlement({ db, money: moneyDoor(db, clock), crashPoint: settlementCrashPoint(config.nodeEnv) });
  const ingest = createFeedIngest({ db, clock, push: realtime, balances, settlement: sportSettlement, log: app.log, adapter: feedAdapter });
  const sports = createSportsService({ db, clock, money: moneyDoor(db, clock), balances, ingest, sleep: sportsSleep });
  const operatorSports = createOperatorSports({ ingest, settlement: sportSettlement, adapter: feedAdapter });
  const sportsAdmin = createSportsAdminService({ db, clock, audit, balances, sports: operatorSports });
  const membersAdmin = createMembersAdminService({
    db, audit, push: realtime, wallet: operatorWallet, protection, log: app.log,
    bans: { gameLocked: (memberId) => gamesAdmin.locked(memberId), miniBetBanned: (memberId) => miniAdmin.betBanned(memberId) },
  });
  const dashboard = createDashboardService({ db, clock, wallet: operatorWallet, betting: createOperatorBetting({ db }), sports: operatorSports });
  let feed: FeedHandle | null = null;
  sportsByApp.set(app, { ingest, service: sports, settlement: sportSettlement, feed: () => feed });
  if (runScheduler) jobs.add({ name: 'sportsbook feed ingest and settlements', start: () => ingest.start(), stop: () => ingest.stop() });
  const community = { board: createMemberBoardService({ db, clock }), main: createMainService({ db, clock }), rewards: createRewardsService({ db, clock, balances }) };

  await registerCompression(app);
  await app.register(async (scope) => {
    const api = createApiRouter(scope, { db, clock: systemClock, siteId: config.siteId, protection: { clock, hit: protection.recordHit } });
    registerCaptchaRoutes(api, captcha);
    registerMemberRoutes(api, member);
    registerEtcRoutes(api, etc);
    registerCashRoutes(api, cash);
    registerCoinRoutes(api, cash);
    registerPointsRoutes(api, points);
    registerCouponsRoutes(api, coupons);
    registerTransfersRoutes(api, transfers);
    registerMessageRoutes(api, messages);
    registerSupportBoardRoutes(api, board);
    registerMiniGameRoutes(api, minigames, (session, payload) => sports.bet(session, payload));
    registerSportsRoutes(api, sports);
    registerBettingRoutes(api, betting);
    registerGamesRoutes(api, games, db);
    registerCommunityRoutes(api, community);
    registerPartnerRoutes(api, partners);
    registerProtectionRoutes(api, protection);
  });
  await app.register(communityFileRoutes({ db, clock, siteId: config.siteId }));
  const operators = createOperators({ db, clock, attemptClock: systemClock, audit });
  const approvals = createApprovals({ db, clock, audit });
  const executionKey = newExecutionKey();
  await app.register(consoleRoutes({
    db, audit, operators, approvals, runApproved: approvedCallRunner(app, '/admin/api', executionKey), secureCookie: config.behindHttps,
  }), { prefix: '/admin/api/console' });
  await app.register(adminScope({ db, audit, operators, approvals, adminToken: config.adminToken, tokenScopes: config.adminTokenScopes, tokenFourEyes: config.adminTokenFourEyes, executionKey }, [
    siteAdminRoutes(siteAdmin), walletAdminRoutes(walletAdmin, testClock), walletMembersRoutes(walletMembers),
    supportAdminRoutes(supportAdmin), miniAdminRoutes(miniAdmin), gamesAdminRoutes(gamesAdmin),
    communityAdminRoutes(createCommunityAdminService({ db, clock, audit })), sportsAdminRoutes(sportsAdmin),
    partnersAdminRoutes(createPartnersAdminService({ clock, audit, partners: createOperatorPartners({ db }) })),
    protectionAdminRoutes(createProtectionAdminService({ db, clock, audit, protection })),
    membersAdminRoutes(membersAdmin, dashboard),
  ]), { prefix: '/admin/api' });
  if (config.vendor.mounted) {
    const vendor = await mountVendor(app, database, config.vendor, VENDOR_MOUNT_PREFIX);
    jobs.add({ name: 'live tables', start: () => vendor.tables.start(), stop: () => vendor.tables.stop() });
  }
  if (config.feed.mounted) {
    const mounted = await mountOddsFeed(app, database, {
      operator: config.feed.operator, secret: config.feed.secret, settings: config.feed.settings, ...feedMount,
    }, FEED_MOUNT_PREFIX);
    feed = mounted;
    // The feed's engine runs where the scheduler does (one instance); closing the app stops it.
    if (runScheduler) jobs.add({ name: 'odds feed engine', start: () => mounted.scheduler.start(), stop: () => mounted.scheduler.stop() });
  }
  if (gameJobs) jobs.add(createGameJobs(games, gameJobs, app.log));
  // The ingest and the games jobs reach the mounted feed and vendor over HTTP: they are there once the server listens.
  app.addHook('onListen', () => jobs.start());
  app.addHook('preClose', () => jobs.stop());
  const sendPage = await registerSite(app, config.distDir);

  registerErrorAnswers(app, { siteId: config.siteId, sendPage });

  return app;
}
