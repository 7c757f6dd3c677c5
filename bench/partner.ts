/**
 * The partner phase: commission accrual for settled bets on five-level chains (PTN_1 ... PTN_5 above
 * each member, every level with rates), written by the bets' settlement trigger (migration 0019), in
 * bulk statements of settled bets; next to the same bets for members outside any line (the history row
 * alone, the trigger finding no chain). Each accruing bet writes five accrual rows.
 */
import type { TestServer } from '../tests/server/harness';
import { PARTNER_PRODUCTS } from '../contract/partner';
import type { Row } from './measure';

const CHAINS = 10;
const MEMBERS_PER_CHAIN = 10;
const BATCH = 2_000;

async function insertMember(server: TestServer, tag: string, parent: number | null, level: number | null): Promise<number> {
  const [row] = await server.rows<{ id: string }>(`insert into members (mem_id, mem_nick, mem_phone, bank_code, bankacc, mem_name, pass_hash,
    cash_out_pass_hash, is_partner, partner_type, recommender_id, status) values ('${tag}', '${tag}', '${tag}', '004', '${tag}', 'x', 'x', 'x',
    ${level !== null}, ${level === null ? 'null' : `'PTN_${level}'`}, ${parent ?? 'null'}, 'active') returning id`);
  return Number(row!.id);
}

/** Settled bets for `memberIds` in bulk statements; answers the seconds taken. */
async function settledBets(server: TestServer, memberIds: number[], bets: number, tag: string): Promise<number> {
  const started = performance.now();
  for (let done = 0; done < bets; done += BATCH) {
    const n = Math.min(BATCH, bets - done);
    await server.rows(`insert into bets (member_id, group_key, vendor_code, game_key, company, game_name, source_ref, round_id, stake, win, type,
        placed_at, settled_at)
      select (array[${memberIds.join(',')}]::bigint[])[1 + (g % ${memberIds.length})], 'casino', '1', 'baccarat', '{}', '{}',
        'bench:${tag}:' || (${done} + g), 'r', 10000 + g, case when g % 2 = 0 then 0 else 25000 end,
        case when g % 2 = 0 then 'lose' else 'win' end, now(), now()
      from generate_series(1, ${n}) g`);
  }
  return (performance.now() - started) / 1000;
}

export async function benchPartner(label: string, server: TestServer, bets: number): Promise<{ rows: Row[]; accrualShare: number }> {
  console.log(`  ${label}: ${bets} settled bets on five-level partner chains, and as many outside any line ...`);
  const run = Date.now().toString(36);
  const inLine: number[] = [];
  for (let chain = 0; chain < CHAINS; chain += 1) {
    let parent: number | null = null;
    for (let level = 1; level <= 5; level += 1) {
      const id: number = await insertMember(server, `bp${run}c${chain}l${level}`, parent, level);
      const rates = PARTNER_PRODUCTS.flatMap((product) => [['rolling', 200 - level * 20], ['losing', 3000 - level * 300]].map(([kind, bp]) =>
        `(${id}, '${product}', '${kind}', ${bp}, now() - interval '1 day', 'operator', 'bench', now())`));
      await server.rows(`insert into partner_rates (partner_id, product, kind, rate_bp, valid_from, source, changed_by, created_at) values ${rates.join(', ')}`);
      parent = id;
    }
    for (let m = 0; m < MEMBERS_PER_CHAIN; m += 1) inLine.push(await insertMember(server, `bp${run}c${chain}m${m}`, parent, null));
  }
  const outside: number[] = [];
  for (let m = 0; m < CHAINS * MEMBERS_PER_CHAIN; m += 1) outside.push(await insertMember(server, `bo${run}m${m}`, null, null));

  const accrualSeconds = await settledBets(server, inLine, bets, `${run}:in`);
  const plainSeconds = await settledBets(server, outside, bets, `${run}:out`);
  const [accrued] = await server.rows<{ n: string }>(`select count(*) as n from partner_accruals a join bets b on b.id = a.bet_id
    where b.source_ref like 'bench:${run}:in:%'`);
  const row = (kind: string, ops: number, seconds: number): Row => ({
    database: label, kind, ops, perSecond: ops / seconds, p50: Number.NaN, p99: Number.NaN, refused: '-',
  });
  return {
    rows: [
      row('settled bets with accrual (5-level chains)', bets, accrualSeconds),
      row(`  accrual rows written (${accrued?.n ?? 0})`, Number(accrued?.n ?? 0), accrualSeconds),
      row('settled bets outside any line', bets, plainSeconds),
    ],
    accrualShare: plainSeconds / accrualSeconds,
  };
}
