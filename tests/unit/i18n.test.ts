import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, t } from '../../src/i18n';
import { formatDate, formatMonthDay, formatNumber, formatTime } from '../../src/i18n/format';
import { readLocaleCookie } from '../../src/i18n/localeCookie';

// 2024-03-04 16:30 UTC is already 2024-03-05 01:30 in Seoul: business dates follow Asia/Seoul.
const lateEveningUtc = new Date('2024-03-04T16:30:00Z');

describe('formatters', () => {
  beforeAll(() => activateLocale('ko'));

  it('writes amounts with thousands separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-50000)).toBe('-50,000');
  });

  it('writes dates as yyyy-MM-dd in Asia/Seoul', () => {
    expect(formatDate(lateEveningUtc)).toBe('2024-03-05');
    expect(formatDate('2024-12-31T14:59:59Z')).toBe('2024-12-31');
    expect(formatDate('2024-12-31T15:00:00Z')).toBe('2025-01-01');
  });

  it("writes 'MM월 dd일' and HH:mm in Asia/Seoul", () => {
    expect(formatMonthDay(lateEveningUtc)).toBe('03월 05일');
    expect(formatTime(lateEveningUtc)).toBe('01:30');
  });

  it('words the month and day per language', async () => {
    await activateLocale('en');
    expect(formatMonthDay(lateEveningUtc)).toBe('03/05');
    await activateLocale('ko');
  });
});

describe('locale', () => {
  it("reads the 'lang' cookie and falls back to ko", () => {
    expect(readLocaleCookie('a=1; lang=vi; b=2')).toBe('vi');
    expect(readLocaleCookie('lang=fr')).toBe('ko');
    expect(readLocaleCookie('')).toBe('ko');
  });

  it('translates the login-required alert per language', async () => {
    await activateLocale('ko');
    expect(t('front.error.loginRequired')).toBe('로그인 이후 이용 가능합니다.');
    await activateLocale('vi');
    expect(t('front.error.loginRequired')).toBe('Please Log-in');
    await activateLocale('ko');
  });
});
