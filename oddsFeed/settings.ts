/**
 * The operator's settings (contract FeedSettings): margins per market family, the live margin on top, and a
 * speed per league. Kept in feed_settings (one row) with a version, so every instance on the database reads
 * the same and the engine re-prices open markets when it moves on.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FeedSettings } from '../contract/oddsFeed';
import { DEFAULT_MARGINS_BP, LIVE_MARGIN_BP } from '../contract/sports';
import type { League } from './catalogue';
import type { FeedDb } from './db/client';
import { feedSettingsTable } from './db/schema';

export const DEFAULT_FEED_SETTINGS: FeedSettings = { marginsBp: { ...DEFAULT_MARGINS_BP }, liveMarginBp: LIVE_MARGIN_BP, speed: {} };

/** A margin is 0 to 30%; a speed from a tenth of real time to 100,000 times it. */
const margin = z.number().int().min(0).max(3000);
const speed = z.number().min(0.1).max(100_000);

export function settingsSchema(leagues: readonly League[]) {
  const ids = new Set(leagues.map((l) => l.leagueId));
  return z.object({
    marginsBp: z.object({ winloose: margin, handy: margin, underover: margin, special: margin }).partial().strict().optional(),
    liveMarginBp: margin.optional(),
    speed: z.record(z.string().max(64), speed).refine((s) => Object.keys(s).every((id) => ids.has(id)), 'unknown league').optional(),
  }).strict();
}
export type SettingsChange = z.infer<ReturnType<typeof settingsSchema>>;

export interface VersionedSettings {
  version: number;
  settings: FeedSettings;
}

export interface SettingsStore {
  read(): Promise<VersionedSettings>;
  change(change: SettingsChange): Promise<VersionedSettings>;
}

export function createSettingsStore(db: FeedDb): SettingsStore {
  async function read(): Promise<VersionedSettings> {
    const [row] = await db.select().from(feedSettingsTable).where(eq(feedSettingsTable.id, 1));
    if (!row) return { version: 0, settings: structuredClone(DEFAULT_FEED_SETTINGS) };
    const stored = row.settings as FeedSettings;
    return {
      version: row.version,
      settings: { marginsBp: { ...DEFAULT_MARGINS_BP, ...stored.marginsBp }, liveMarginBp: stored.liveMarginBp ?? LIVE_MARGIN_BP, speed: { ...stored.speed } },
    };
  }
  return {
    read,
    async change(change) {
      return db.transaction(async (tx) => {
        // Lock the row (or make it) so two changes never lose one another.
        await tx.insert(feedSettingsTable).values({ id: 1, version: 0, settings: DEFAULT_FEED_SETTINGS }).onConflictDoNothing();
        const [row] = await tx.select().from(feedSettingsTable).where(eq(feedSettingsTable.id, 1)).for('update');
        const current = row!.settings as FeedSettings;
        const next: FeedSettings = {
          marginsBp: { ...DEFAULT_MARGINS_BP, ...current.marginsBp, ...change.marginsBp },
          liveMarginBp: change.liveMarginBp ?? current.liveMarginBp ?? LIVE_MARGIN_BP,
          speed: { ...current.speed, ...change.speed },
        };
        const [saved] = await tx.update(feedSettingsTable).set({ settings: next, version: sql`${feedSettingsTable.version} + 1` })
          .where(eq(feedSettingsTable.id, 1)).returning({ version: feedSettingsTable.version });
        return { version: saved!.version, settings: next };
      });
    },
  };
}
