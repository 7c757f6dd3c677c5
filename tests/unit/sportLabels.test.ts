/** The sportsbook's words: lines, a handicap's sides, the live clock per sport. */
import { describe, expect, it } from 'vitest';
import { clockText, formatLine, marketName, selectionName } from '../../src/ui/sportLabels';

// A stand-in for the translate function: the id and its values, so the test reads what is asked for.
const t = (id: string, values?: Record<string, unknown>) => (values ? `${id}(${Object.values(values).join(',')})` : id);
const score = (period: number | null, clockSeconds: number | null) => ({ home: 1, away: 0, periods: [], scoreSeq: 1, period, clockSeconds });

describe('sportLabels', () => {
  it('writes lines from hundredths, a handicap signed', () => {
    expect(formatLine(21550, false)).toBe('215.5');
    expect(formatLine(250, false)).toBe('2.5');
    expect(formatLine(-150, true)).toBe('-1.5');
    expect(formatLine(100, true)).toBe('+1');
    expect(formatLine(-25, true)).toBe('-0.25');
    expect(formatLine(0, true)).toBe('0');
  });

  it('names a handicap\'s sides with their own lines, and a market with its period and line', () => {
    const handicap = { kind: 'handicap' as const, line: -150, period: 'first' as const };
    expect(selectionName(t, handicap, 'home')).toBe('sport.pick.home -1.5');
    expect(selectionName(t, handicap, 'away')).toBe('sport.pick.away +1.5');
    expect(selectionName(t, { kind: 'correctScore', line: null }, '2-1')).toBe('2 : 1');
    expect(selectionName(t, { kind: 'method', line: null }, 'home_ko')).toBe('sport.method.home_ko');
    expect(marketName(t, 'basketball', handicap)).toBe('sport.market.handicap (sport.first.basketball) -1.5');
  });

  it('tells the live clock: halves with the minute, quarters with the clock, sets and maps by their number', () => {
    expect(clockText(t, 'soccer', score(2, 1510))).toBe('sport.half.2 26\'');
    expect(clockText(t, 'soccer', score(3, 60))).toBe('sport.half.extra 2\'');
    expect(clockText(t, 'basketball', score(3, 492))).toBe('sport.period.basketball(3) 08:12');
    expect(clockText(t, 'tennis', score(2, null))).toBe('sport.period.tennis(2)');
    expect(clockText(t, 'esport', score(3, 0))).toBe('sport.period.esport(3)');
    expect(clockText(t, 'soccer', score(null, null))).toBe('');
  });
});
