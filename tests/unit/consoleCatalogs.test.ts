/**
 * The console's catalogs (locales/{ko,en}/console.po) are complete: the same ids in both with the same
 * placeholders, no empty text, every id the console writes literally, and every id it builds from the
 * contract's lists (statuses, kinds, roles, four-eyes actions).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEMBER_STATUSES } from '../../contract/admin';
import { BET_GROUPS } from '../../contract/betting';
import { SESSION_STATES } from '../../contract/membersAdmin';
import { APPROVAL_STATUSES, FOUR_EYES_ACTIONS, OPERATOR_ROLES } from '../../contract/console';
import { VENDOR_STATES } from '../../contract/games';
import { PARTNER_PRODUCTS, RATE_KINDS } from '../../contract/partner';
import { LIMIT_KINDS, PROTECTION_CODES, PROTECTION_PERIODS } from '../../contract/protection';
import { OPERATOR_FIXTURE_STATES } from '../../contract/sportsAdmin';
import { MINI_GAMES } from '../../contract/minigames';
import { CASH_STATUS, CASH_TYPES } from '../../contract/wallet';
import { parsePo } from './po';

const root = join(import.meta.dirname, '../..');
const catalogs = { ko: parsePo(readFileSync(join(root, 'locales/ko/console.po'), 'utf8')), en: parsePo(readFileSync(join(root, 'locales/en/console.po'), 'utf8')) };

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('console catalogs', () => {
  it('hold the same ids with the same placeholders and no empty text', () => {
    expect([...catalogs.en.keys()].sort()).toEqual([...catalogs.ko.keys()].sort());
    for (const [id, ko] of catalogs.ko) {
      const en = catalogs.en.get(id)!;
      expect(ko, id).not.toBe('');
      expect(en, id).not.toBe('');
      expect(placeholders(en), id).toEqual(placeholders(ko));
    }
  });

  it('have every id the console shows', () => {
    const sources = files(join(root, 'src/console')).filter((file) => /\.tsx?$/.test(file)).map((file) => readFileSync(file, 'utf8'));
    const literal = new Set(sources.flatMap((source) => [...source.matchAll(/['"`](console\.[\w.]+)['"`]/g)].map((m) => m[1]!)));
    const built = [
      ...MEMBER_STATUSES.map((s) => `console.memberStatus.${s}`),
      ...Object.keys(CASH_STATUS).map((s) => `console.cashStatus.${s}`),
      ...CASH_TYPES.map((s) => `console.cashType.${s}`),
      ...APPROVAL_STATUSES.map((s) => `console.approvalStatus.${s}`),
      ...FOUR_EYES_ACTIONS.map((s) => `console.fourEyes.${s}`),
      ...OPERATOR_ROLES.map((s) => `console.role.${s}`),
      ...['waiting', 'answered'].map((s) => `console.inquiryStatus.${s}`),
      ...['active', 'disabled'].map((s) => `console.operatorStatus.${s}`),
      ...['all', 'level', 'member'].map((s) => `console.messageTarget.${s}`),
      ...['hash', 'link', 'gap'].map((s) => `console.audit.problem.${s}`),
      ...['ko', 'en'].map((s) => `console.language.${s}`),
      ...BET_GROUPS.map((s) => `console.betGroup.${s}`),
      ...SESSION_STATES.map((s) => `console.sessionState.${s}`),
      ...VENDOR_STATES.map((s) => `console.vendorState.${s}`),
      ...MINI_GAMES.map((s) => `console.miniGame.${s}`),
      ...['visible', 'hidden', 'deleted'].map((s) => `console.postStatus.${s}`),
      ...['suspend', 'close', 'reopen'].map((s) => `console.risk.marketAction.${s}`),
      'console.posts.notices', 'console.posts.faq',
      ...PARTNER_PRODUCTS.map((s) => `console.partnerProduct.${s}`),
      ...RATE_KINDS.map((s) => `console.rateKind.${s}`),
      ...OPERATOR_FIXTURE_STATES.map((s) => `console.fixtureState.${s}`),
      ...['scheduled', 'live', 'ended', 'cancelled', 'postponed'].map((s) => `console.fixtureStatus.${s}`),
      ...['open', 'suspended', 'closed', 'void'].map((s) => `console.marketStatus.${s}`),
      ...['final', 'cancelled', 'postponed'].map((s) => `console.resultStatus.${s}`),
      ...['win', 'lose', 'void'].map((s) => `console.outcome.${s}`),
      ...['banner', 'popup'].map((s) => `console.bannerKind.${s}`),
      ...['open', 'drawn', 'settled', 'void'].map((s) => `console.roundStatus.${s}`),
      ...['settled', 'reversed'].map((s) => `console.settlementStatus.${s}`),
      ...LIMIT_KINDS.map((s) => `console.limitKind.${s}`),
      ...PROTECTION_PERIODS.map((s) => `console.period.${s}`),
      ...['member', 'operator'].map((s) => `console.limitSource.${s}`),
      ...PROTECTION_CODES.map((s) => `console.protection.hit.${s}`),
      ...['MSG', 'CASH', 'INSPECT', 'LOCK_BET_YN', 'LOGOUT'].map((s) => `console.pushCmd.${s}`),
      ...['maxLegs', 'minSingleOddsCents', 'maxTotalOddsCents', 'folderBonusMinLegOddsCents', 'prematchCloseSeconds', 'minStake', 'maxStake', 'maxPayout']
        .map((s) => `console.sports.${s}`),
      ...['dailyPoints', 'bonusEvery', 'bonusPoints'].map((s) => `console.rewards.${s}`),
      ...['label', 'points', 'weight'].map((s) => `console.rewards.prize.${s}`),
    ];
    const missing = [...literal, ...built].filter((id) => !catalogs.ko.has(id));
    expect(missing).toEqual([]);
  });
});
