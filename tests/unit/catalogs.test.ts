/**
 * The catalogs are complete: every locale has a non-empty text for every id the app can show, and the
 * three catalogs hold the same ids with the same placeholders.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOGIN_ERR_CODES, RESULT_CODES } from '../../contract/codes';
import { LOCALES } from '../../contract/constants';
import { MARKET_KINDS, RESULT_TABS, SPORTS } from '../../contract/sports';
import { parsePo } from './po';

const root = join(import.meta.dirname, '../..');

const catalogs = Object.fromEntries(
  LOCALES.map((locale) => [locale, parsePo(readFileSync(join(root, 'locales', locale, 'messages.po'), 'utf8'))]),
) as Record<(typeof LOCALES)[number], Map<string, string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Message ids written literally in the app, the machines and the contract ('front.x.y', 'api.U101', 'err.U001', 'mini.x', 'sport.x'). */
function idsUsedInCode(): Set<string> {
  const literal = /['"`]((?:front|api|err|mini|sport)\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)['"`]/g;
  const files = ['src', 'machines', 'contract'].flatMap((dir) => sourceFiles(join(root, dir)));
  return new Set(files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(literal)].map((match) => match[1])));
}

const SPEC_KEYS = [
  'front.member.emptyMemId',
  'front.member.compareMemPass',
  'front.member.emptyMemPass',
  'front.member.emptyCashOutPass',
  'front.member.emptyMemName',
  'front.member.emptyMemTel',
  'front.member.noValidMemTel',
  'front.member.emptyRecommenderId',
  'front.member.emptyBankName',
  'front.member.emptyBankAccountName',
  'front.member.noValidBankAccountName',
  'front.member.emptyBankNumber',
  'front.member.noValidBankNumber',
  'front.member.completeSignup',
  'front.signin.emptyMemId',
  'front.signin.emptyMemPass',
  'front.signin.checkCaptcha',
  'front.signin.invalidLogin',
  'front.error.afterSignin',
  'front.error.network',
  'front.error.loginRequired',
];

/** The sportsbook's ids built at run time (src/ui/sportLabels.ts and the screens): every sport, market, period, selection, status and tab. */
const SPORT_IDS = [
  ...SPORTS.flatMap((sport) => [`sport.sport.${sport}`, `sport.first.${sport}`, `sport.period.${sport}`]),
  ...MARKET_KINDS.map((kind) => `sport.market.${kind}`),
  ...['home', 'draw', 'away', 'over', 'under', 'yes', 'no', 'odd', 'even'].map((key) => `sport.pick.${key}`),
  ...['home_ko', 'home_points', 'away_ko', 'away_points', 'draw'].map((key) => `sport.method.${key}`),
  ...['1', '2', 'extra'].map((half) => `sport.half.${half}`),
  ...['scheduled', 'live', 'ended', 'cancelled', 'postponed'].map((status) => `sport.status.${status}`),
  ...['win', 'lose', 'void', 'wait'].map((outcome) => `sport.outcome.${outcome}`),
  ...RESULT_TABS.map((tab) => `sport.result.${tab}`),
];

const requiredIds = [
  ...SPEC_KEYS,
  ...SPORT_IDS,
  ...RESULT_CODES.map((code) => `api.${code}`),
  ...LOGIN_ERR_CODES.map((code) => `err.${code}`),
  ...LOCALES.map((locale) => `front.lang.${locale}`),
];

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
}

describe('locales/{ko,en,vi}/messages.po', () => {
  it.each(LOCALES)('%s has a text for every spec key, result code and login error', (locale) => {
    const missing = requiredIds.filter((id) => !catalogs[locale].get(id)?.trim());
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('%s has a text for every id the code uses', (locale) => {
    const missing = [...idsUsedInCode()].filter((id) => !catalogs[locale].get(id)?.trim());
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('%s has no empty text', (locale) => {
    const empty = [...catalogs[locale]].filter(([, text]) => !text.trim()).map(([id]) => id);
    expect(empty).toEqual([]);
  });

  it.each(['en', 'vi'] as const)('%s holds exactly the ids of ko, with the same placeholders', (locale) => {
    const ko = catalogs.ko;
    const other = catalogs[locale];
    expect([...ko.keys()].filter((id) => !other.has(id))).toEqual([]);
    expect([...other.keys()].filter((id) => !ko.has(id))).toEqual([]);
    const mismatched = [...ko].filter(([id, text]) => placeholders(text).join() !== placeholders(other.get(id) ?? '').join());
    expect(mismatched.map(([id]) => id)).toEqual([]);
  });

  it('keeps the texts the spec quotes', () => {
    expect(catalogs.ko.get('front.signin.checkCaptcha')).toBe('자동 입력 방지 코드를 확인해주세요.');
    expect(catalogs.ko.get('front.signin.invalidLogin')).toBe('로그인정보가 올바르지 않습니다. 확인해주세요.');
    expect(catalogs.ko.get('front.error.loginRequired')).toBe('로그인 이후 이용 가능합니다.');
    expect(catalogs.en.get('front.error.loginRequired')).toBe('Please Log-in');
    expect(catalogs.vi.get('front.error.loginRequired')).toBe('Please Log-in');
    expect(catalogs.ko.get('api.TK999')).toBe('같은 아이디로 로그인되었습니다.');
  });
});
