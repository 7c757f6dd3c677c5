/** The partner area's drafts and client-side checks (machines/partnerDrafts.ts): rates typed in percent, give/take, /striNew. */
import { describe, expect, it } from 'vitest';
import { PARTNER_PRODUCTS, type RateTable } from '../../contract/partner';
import {
  RATE_ABOVE_CAP_ID, RATE_INVALID_ID, RATE_NO_CHANGE_ID, checkMove, checkNewPartner, checkRates, moveDraft, newPartnerDraft, parseRatePercent,
  ratePercentText, rateDraft, rateTexts,
} from '../../machines/partnerDrafts';

const table = (rolling: number, losing: number): RateTable =>
  Object.fromEntries(PARTNER_PRODUCTS.map((product) => [product, { rolling, losing }])) as RateTable;

describe('rates in percent', () => {
  it('reads up to two decimals into basis points, and nothing else', () => {
    expect(parseRatePercent('1.25')).toBe(125);
    expect(parseRatePercent('1.5')).toBe(150);
    expect(parseRatePercent(' 0 ')).toBe(0);
    expect(parseRatePercent('100')).toBe(10_000);
    expect(parseRatePercent('100.01')).toBeNull();
    for (const bad of ['', '1.234', '-1', '1,5', 'abc', '.5', '1.']) expect(parseRatePercent(bad), bad).toBeNull();
  });

  it('writes basis points back as typed percent, so an untouched table changes nothing', () => {
    expect(ratePercentText(125)).toBe('1.25');
    expect(ratePercentText(2_000)).toBe('20.00');
    const current = table(80, 1_500);
    expect(rateDraft('store01', current, table(100, 2_000), rateTexts(current)).changes).toEqual([]);
    expect(checkRates(rateDraft('store01', current, table(100, 2_000), rateTexts(current)))).toBe(RATE_NO_CHANGE_ID);
  });

  it('sends only the changed cells, each checked against its cap in table order', () => {
    const current = table(80, 1_500);
    const texts = { ...rateTexts(current), 'slot.losing': '21', 'casino.rolling': '0.9' };
    const draft = rateDraft('store01', current, table(100, 2_000), texts);
    expect(draft.changes.map(({ product, kind, from, to }) => [product, kind, from, to])).toEqual([['casino', 'rolling', 80, 90], ['slot', 'losing', 1_500, 2_100]]);
    expect(checkRates(draft)).toBe(RATE_ABOVE_CAP_ID);
    expect(checkRates(rateDraft('store01', current, table(100, 2_000), { ...texts, 'casino.rolling': 'x' }))).toBe(RATE_INVALID_ID);
    expect(checkRates(rateDraft('store01', current, table(100, 2_000), { ...texts, 'slot.losing': '20' }))).toBeNull();
  });
});

describe('give and take', () => {
  it('needs a whole positive amount: C303 to give, C403 to take back', () => {
    expect(checkMove(moveDraft('give', 'demo01', '', ''))).toBe('api.C303');
    expect(checkMove(moveDraft('take', 'demo01', '0', ''))).toBe('api.C403');
    expect(checkMove(moveDraft('give', 'demo01', '1,000', ' note '))).toBeNull();
    expect(moveDraft('give', 'demo01', '1,000', ' note ')).toEqual({ direction: 'give', memId: 'demo01', amount: 1_000, note: 'note' });
  });
});

describe('a new lower partner', () => {
  const fields = {
    memId: 'store09', memPass: 'pass1234', memPassCheck: 'pass1234', cashOutPass: '1234', memNick: '매장09', memPhone: '01012345678',
    bank: '004', memName: '홍길동', bankacc: '1002003004',
  };
  const zero = rateTexts(table(0, 0));

  it('checks the sign-up rules first, in SPEC §5\'s order, then each rate', () => {
    expect(checkNewPartner(newPartnerDraft({ ...fields, memId: '' }, table(100, 2_000), zero))).toBe('front.member.emptyMemId');
    expect(checkNewPartner(newPartnerDraft({ ...fields, cashOutPass: '12' }, table(100, 2_000), zero))).toBe('api.U103');
    expect(checkNewPartner(newPartnerDraft({ ...fields, memPassCheck: 'other123' }, table(100, 2_000), zero))).toBe('front.member.compareMemPass');
    expect(checkNewPartner(newPartnerDraft(fields, table(100, 2_000), { ...zero, 'miniGame.rolling': '1.01' }))).toBe(RATE_ABOVE_CAP_ID);
    const draft = newPartnerDraft(fields, table(100, 2_000), { ...zero, 'miniGame.rolling': '1' });
    expect(checkNewPartner(draft)).toBeNull();
    expect(draft.rates).toHaveLength(PARTNER_PRODUCTS.length * 2);
  });
});
