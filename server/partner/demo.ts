/**
 * The demo partner line (development only, run by `npm start` after the seed; never in production and
 * not in the tests' seed): partner01 (PTN_4, the top of its line) with the operator's rates for every
 * product, a store under it (store01 / store1234, PTN_5) with rates within partner01's, two members of the
 * store and starting cash for partner01 to give. Running it again changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { PartnerProduct, RateEntry } from '../../contract/partner';
import { PARTNER_PRODUCTS } from '../../contract/partner';
import { type Clock, systemClock } from '../clock';
import type { Db } from '../db/client';
import { partnerRates } from '../db/schema';
import { moneyDoor } from '../money/door';
import { DEMO_PARTNER, type DemoMember, seedMember } from '../seed';
import { writeRates } from './rates';

// Phones and accounts outside the test fixtures' 010-5555 range (tests/server/fixtures.ts signupForm): the crash
// tests sign members up on a server that ran this.
export const DEMO_STORE: DemoMember = {
  memId: 'store01', password: 'store1234', cashOutPassword: '1234', memNick: '스토어01', memName: '이스토어',
  memPhone: '01077770001', bankCode: '004', bankacc: '77770001000', isPartner: true, partnerType: 'PTN_5', status: 'active', recommender: 'partner01',
};

const DEMO_PLAYERS: DemoMember[] = [1, 2].map((n) => ({
  memId: `player0${n}`, password: 'player1234', cashOutPassword: '1234', memNick: `플레이어0${n}`, memName: '박회원',
  memPhone: `0107777100${n}`, bankCode: '088', bankacc: `7777100${n}000`, status: 'active', recommender: 'store01',
}));

/** partner01's rates (basis points): rolling, losing per product; the store gets about half. */
const TOP_RATES: Record<PartnerProduct, [number, number]> = {
  casino: [100, 2000], hotelCasino: [80, 1500], slot: [150, 2500], miniGame: [80, 1500], sportsSingle: [100, 2000], sportsCombo: [150, 2500],
};

const entries = (scale: number): RateEntry[] => PARTNER_PRODUCTS.flatMap((product) => [
  { product, kind: 'rolling' as const, rateBp: Math.floor(TOP_RATES[product][0] * scale) },
  { product, kind: 'losing' as const, rateBp: Math.floor(TOP_RATES[product][1] * scale) },
]);

export async function seedPartnerDemo(db: Db, clock: Clock = systemClock): Promise<void> {
  const now = clock.now();
  const partnerId = await seedMember(db, DEMO_PARTNER, now);
  const storeId = await seedMember(db, DEMO_STORE, now);
  for (const player of DEMO_PLAYERS) await seedMember(db, player, now);
  await db.transaction(async (tx) => {
    const [rated] = await tx.select({ id: partnerRates.id }).from(partnerRates).where(eq(partnerRates.partnerId, partnerId)).limit(1);
    if (rated) return;
    await writeRates(tx, { partnerId, entries: entries(1), validFrom: now, source: 'operator', changedBy: 'seed', now });
    await writeRates(tx, { partnerId: storeId, entries: entries(0.5), validFrom: now, source: 'create', changedBy: 'seed', now });
    await moneyDoor(db, clock).within(tx).post({
      key: `seed:${DEMO_PARTNER.memId}:KRW`, kind: 'seed.grant',
      entries: [{ account: { house: 'promotion', currency: 'KRW' }, amount: -500_000 }, { account: { memberId: partnerId, currency: 'KRW' }, amount: 500_000 }],
    });
  });
}
