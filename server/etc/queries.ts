/** Reference data: banks, common codes and the site's single row of settings. */
import { and, asc, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { CommonCode } from '../../contract/types';
import type { Executor } from '../db/client';
import { banks, commonCodes, gameVendors, siteSettings } from '../db/schema';
import { GAME_MASTER_CODE } from '../seed';

export interface SiteSettings {
  signupOpen: boolean;
  joinRecommanderId: string | null;
  sns2Link: string;
  partnerHostPrefix: string;
  siteCheckStart: Date | null;
  siteCheckEnd: Date | null;
}

const DEFAULT_SETTINGS: SiteSettings = {
  signupOpen: true, joinRecommanderId: null, sns2Link: '', partnerHostPrefix: '', siteCheckStart: null, siteCheckEnd: null,
};

/** The settings row, or the defaults while none has been written (e.g. an unseeded production database). */
export async function readSiteSettings(executor: Executor): Promise<SiteSettings> {
  const [row] = await executor.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return row ?? DEFAULT_SETTINGS;
}

export async function writeSiteSettings(executor: Executor, patch: Partial<SiteSettings>, now: Date): Promise<void> {
  const values = { ...patch, updatedAt: now };
  await executor.insert(siteSettings).values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values });
}

export async function listBanks(executor: Executor) {
  return executor.select({ bankCode: banks.code, bankNameKr: banks.nameKr }).from(banks).orderBy(asc(banks.ord), asc(banks.code));
}

export async function findBank(executor: Executor, code: string) {
  const [row] = await executor.select().from(banks).where(eq(banks.code, code));
  return row ?? null;
}

export interface CodeFilter {
  masterCode: string;
  groupCode?: string;
  code?: string;
}

/** Codes under a master code; game vendors the operator hid are left out and those under maintenance marked. */
export async function listCodes(executor: Executor, filter: CodeFilter): Promise<CommonCode[]> {
  const conditions: SQL[] = [eq(commonCodes.masterCode, filter.masterCode), or(isNull(gameVendors.state), ne(gameVendors.state, 'hidden'))!];
  if (filter.groupCode) conditions.push(eq(commonCodes.groupCode, filter.groupCode));
  if (filter.code) conditions.push(eq(commonCodes.code, filter.code));
  const rows = await executor.select({
    code: commonCodes.code,
    codeName: commonCodes.codeName,
    codeNameEN: commonCodes.codeNameEn,
    groupCode: commonCodes.groupCode,
    groupCodeNameEN: commonCodes.groupCodeNameEn,
    ord: commonCodes.ord,
    vendorState: gameVendors.state,
  }).from(commonCodes)
    .leftJoin(gameVendors, and(eq(commonCodes.masterCode, GAME_MASTER_CODE), eq(gameVendors.code, commonCodes.code)))
    .where(and(...conditions)).orderBy(asc(commonCodes.ord), asc(commonCodes.code));
  return rows.map(({ vendorState, ...code }) => (vendorState === 'maintenance' ? { ...code, vendorState } : code));
}
