/** The wallet's settings (one row, set by the operator): limits, bonus rates, USDT price, switches. */
import { eq } from 'drizzle-orm';
import type { WalletLimits } from '../../contract/wallet';
import type { Executor, Tx } from '../db/client';
import { members, walletSettings } from '../db/schema';
import { lockMember, type MemberRow } from '../money/memberLock';

export type WalletSettings = typeof walletSettings.$inferSelect;
export type WalletSettingsPatch = Partial<Omit<WalletSettings, 'id' | 'updatedAt' | 'usdtPriceSetAt'>>;

export async function readWalletSettings(executor: Executor): Promise<WalletSettings> {
  const [row] = await executor.select().from(walletSettings).where(eq(walletSettings.id, 1));
  if (row) return row;
  const [created] = await executor.insert(walletSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await readWalletSettings(executor));
}

/**
 * The opening of most money calls in one query: the member's row locked as lockMember locks it, and
 * the settings (null member when there is no such member).
 */
export async function lockMemberWithSettings(tx: Tx, memberId: number): Promise<{ member: MemberRow | null; settings: WalletSettings }> {
  const [row] = await tx.select({ member: members, settings: walletSettings }).from(members)
    .innerJoin(walletSettings, eq(walletSettings.id, 1))
    .where(eq(members.id, memberId))
    .for('no key update', { of: members });
  // No row: no such member, or the settings row is not written yet (readWalletSettings writes it).
  return row ?? { member: await lockMember(tx, memberId), settings: await readWalletSettings(tx) };
}

/**
 * Reads the settings with a share lock held until the transaction ends: requests read concurrently,
 * but an operator's price change waits, so a request never commits against a price already replaced.
 */
export async function readWalletSettingsShared(tx: Tx): Promise<WalletSettings> {
  await readWalletSettings(tx);
  const [row] = await tx.select().from(walletSettings).where(eq(walletSettings.id, 1)).for('share');
  return row!;
}

/** Reads the settings locked for update until the transaction ends (an operator's change). */
export async function lockWalletSettings(tx: Tx): Promise<WalletSettings> {
  await readWalletSettings(tx);
  const [row] = await tx.select().from(walletSettings).where(eq(walletSettings.id, 1)).for('update');
  return row!;
}

/** Writes a change; a new USDT price also records when it was set. The CHECK constraint guards ranges. */
export async function writeWalletSettings(tx: Tx, patch: WalletSettingsPatch, now: Date): Promise<WalletSettings> {
  await readWalletSettings(tx);
  const [row] = await tx.update(walletSettings)
    .set({ ...patch, updatedAt: now, ...(patch.usdtPriceKrw !== undefined ? { usdtPriceSetAt: now } : {}) })
    .where(eq(walletSettings.id, 1))
    .returning();
  return row!;
}

export function limitsOf(settings: WalletSettings): WalletLimits {
  return {
    depositMin: settings.depositMin,
    depositMax: settings.depositMax,
    depositUnit: settings.depositUnit,
    withdrawMin: settings.withdrawMin,
    withdrawMax: settings.withdrawMax,
    withdrawUnit: settings.withdrawUnit,
    rerequestWaitMinutes: settings.rerequestWaitMinutes,
    firstDepositBonusRate: settings.firstDepositBonusRate,
    firstDepositBonusCap: settings.firstDepositBonusCap,
    dailyBonusRate: settings.dailyBonusRate,
    dailyBonusCap: settings.dailyBonusCap,
    pointConversionOn: settings.pointConversionOn,
    transfersOn: settings.transfersOn,
  };
}
