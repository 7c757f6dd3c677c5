/**
 * What the main page reads (SPEC §2 main-page areas that are not games): the operator's banners and
 * popups in their date windows, the best withdrawals of the Seoul day and week, the latest approved
 * deposits and withdrawals (ids masked, as on the public cash topic) and the latest notices.
 */
import { and, asc, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Banner, CashBoardEntry, CashFeedEntry, MainCashList, NoticeSummary } from '../../contract/community';
import { type Clock, startOfSeoulDay, startOfSeoulWeek } from '../clock';
import type { Db, Executor } from '../db/client';
import { banners, cashRequests, members, supportPosts } from '../db/schema';
import { maskMemId } from '../wallet/cashPush';
import { imagePath } from './images';

const BOARD_SIZE = 5;
const FEED_SIZE = 10;
const NOTICES_SIZE = 5;

export async function activeBanners(executor: Executor, kind: 'banner' | 'popup', now: Date): Promise<Banner[]> {
  const rows = await executor.select().from(banners).where(and(
    eq(banners.kind, kind), eq(banners.active, true),
    or(isNull(banners.startsAt), lte(banners.startsAt, now)),
    or(isNull(banners.endsAt), sql`${banners.endsAt} > ${now}`),
  )).orderBy(asc(banners.ord), asc(banners.id));
  return rows.map((row) => ({ bannerIdx: row.id, title: row.title, imageUrl: row.imageId ? imagePath(row.imageId) : null, link: row.link }));
}

async function bestWithdrawals(executor: Executor, since: Date): Promise<CashBoardEntry[]> {
  const rows = await executor.select({ memId: members.memId, amount: cashRequests.amount }).from(cashRequests)
    .innerJoin(members, eq(members.id, cashRequests.memberId))
    .where(and(eq(cashRequests.status, 1), eq(cashRequests.direction, 'out'), gte(cashRequests.processedAt, since)))
    .orderBy(desc(cashRequests.amount), desc(cashRequests.id)).limit(BOARD_SIZE);
  return rows.map((row) => ({ memId: maskMemId(row.memId), amount: row.amount }));
}

async function latestMovements(executor: Executor): Promise<CashFeedEntry[]> {
  const rows = await executor.select({
    memId: members.memId, amount: cashRequests.amount, kind: cashRequests.direction, at: cashRequests.processedAt,
  }).from(cashRequests).innerJoin(members, eq(members.id, cashRequests.memberId))
    .where(eq(cashRequests.status, 1)).orderBy(desc(cashRequests.processedAt), desc(cashRequests.id)).limit(FEED_SIZE);
  return rows.map((row) => ({ kind: row.kind, memId: maskMemId(row.memId), amount: row.amount, at: row.at!.toISOString() }));
}

/** The latest notices: the support centre's (the operator's `/admin/api/notices`), newest first. */
export async function latestNotices(executor: Executor): Promise<NoticeSummary[]> {
  const rows = await executor.select({ boardIdx: supportPosts.id, title: supportPosts.title, createdAt: supportPosts.createdAt }).from(supportPosts)
    .where(eq(supportPosts.boardType, 'nt'))
    .orderBy(desc(supportPosts.createdAt), desc(supportPosts.id)).limit(NOTICES_SIZE);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export function createMainService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    banners: async () => ({ list: await activeBanners(db, 'banner', clock.now()) }),
    popups: async () => ({ list: await activeBanners(db, 'popup', clock.now()) }),
    async cashList(): Promise<MainCashList> {
      const now = clock.now();
      return {
        todayBest: await bestWithdrawals(db, startOfSeoulDay(now)),
        weekBest: await bestWithdrawals(db, startOfSeoulWeek(now)),
        feed: await latestMovements(db),
      };
    },
    notices: async () => ({ list: await latestNotices(db) }),
  };
}

export type MainService = ReturnType<typeof createMainService>;
