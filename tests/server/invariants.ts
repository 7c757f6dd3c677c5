/**
 * The ledger's invariants, checked on a whole database after any run (property test, crash test):
 * each answers a list of human-readable violations, empty when the money is right.
 *
 * - every ledger transaction has entries and they sum to zero per currency;
 * - an entry's currency is its account's;
 * - no member account is below zero;
 * - every account's balance equals the sum of its entries;
 * - each member idempotency key had one effect: an answer was recorded; no two keys share one cash request
 *   or coupon; a conversion or transfer key has exactly one ledger transaction and every such
 *   transaction has its key; a used coupon was credited once;
 * - cash requests are in allowed states, and the money of each request moved exactly as its status says
 *   (open withdrawal: one hold, no settle; cancelled withdrawal: hold reversed; approved: paid out;
 *   deposits move nothing until approved);
 * - house 'bank', 'bonus' and 'withdrawal_hold' equal what the requests table says they must be, so the
 *   won held by members plus the withdrawal hold changed only by approved deposits (+bonus), approved
 *   withdrawals and the other house accounts' recorded grants.
 * - game money: see gameMoney below; sports bets: see sportBets.
 * - member protection's totals: see protectionTotals.
 */
import type { Db } from '../../server/db/client';

type Row = Record<string, unknown>;

async function select<T extends Row>(db: Db, query: string): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** bigint columns arrive as strings from node-postgres; sums are cast to text to keep them exact. */
const num = (value: unknown): number => Number(value ?? 0);

async function ledgerShape(db: Db): Promise<string[]> {
  const violations: string[] = [];
  const unbalanced = await select(db, `
    select transaction_id, currency, sum(amount)::text as total from ledger_entries
    group by transaction_id, currency having sum(amount) <> 0`);
  for (const r of unbalanced) violations.push(`transaction ${r.transaction_id}: ${r.currency} entries sum to ${r.total}, not 0`);

  const thin = await select(db, `
    select t.id, t.idempotency_key, count(e.id)::int as n from ledger_transactions t
    left join ledger_entries e on e.transaction_id = t.id group by t.id having count(e.id) < 2`);
  for (const r of thin) violations.push(`transaction ${r.id} (${r.idempotency_key}) has ${r.n} entries`);

  const wrongCurrency = await select(db, `
    select e.id, e.currency, a.currency as account_currency from ledger_entries e
    join ledger_accounts a on a.id = e.account_id where e.currency <> a.currency`);
  for (const r of wrongCurrency) violations.push(`entry ${r.id} is in ${r.currency} on a ${r.account_currency} account`);

  const negative = await select(db, `
    select id, member_id, currency, balance::text as balance from ledger_accounts
    where owner_kind = 'member' and balance < 0`);
  for (const r of negative) violations.push(`member ${r.member_id} ${r.currency} account ${r.id} is below zero: ${r.balance}`);

  const drifted = await select(db, `
    select a.id, a.owner_kind, a.name, a.currency, a.balance::text as balance, coalesce(sum(e.amount), 0)::text as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id having a.balance <> coalesce(sum(e.amount), 0)`);
  for (const r of drifted) {
    violations.push(`account ${r.id} (${r.owner_kind} ${r.name} ${r.currency}) balance ${r.balance} but its entries sum to ${r.entries}`);
  }
  return violations;
}

/**
 * Ledger transaction kinds posted by member calls, and the call whose idempotency key each belongs to.
 * One recorded key of that call <-> one ledger transaction of that kind, keyed by the member's key.
 */
async function idempotencyEffects(db: Db): Promise<string[]> {
  const violations: string[] = [];
  const unanswered = await select(db, `select member_id, key, call from idempotency_keys where answer = '{}'::jsonb`);
  for (const r of unanswered) violations.push(`idempotency key ${r.key} (${r.call}, member ${r.member_id}) has no recorded answer`);

  const sharedRequests = await select(db, `
    select answer #>> '{request,requestId}' as request_id, count(*)::int as n, string_agg(key, ', ') as keys
    from idempotency_keys where answer #>> '{request,requestId}' is not null
    group by 1 having count(*) > 1`);
  for (const r of sharedRequests) violations.push(`cash request ${r.request_id} was created for ${r.n} keys: ${r.keys}`);

  const requestsWithoutKey = await select(db, `
    select c.id from cash_requests c where not exists (
      select 1 from idempotency_keys k where k.member_id = c.member_id and (k.answer #>> '{request,requestId}')::bigint = c.id)`);
  for (const r of requestsWithoutKey) violations.push(`cash request ${r.id} has no idempotency key that created it`);

  // Conversions and transfers post under '<call>:<memberId>:<key>': one recorded key <-> one transaction.
  const keyedEffects = await select(db, `
    select k.call, k.member_id, k.key, count(t.id)::int as n from idempotency_keys k
    left join ledger_transactions t on t.idempotency_key = k.call || ':' || k.member_id || ':' || k.key
    where k.call in ('pointConvert', 'give') group by k.call, k.member_id, k.key having count(t.id) <> 1`);
  for (const r of keyedEffects) violations.push(`${r.call} key ${r.key} (member ${r.member_id}) has ${r.n} ledger transactions, not 1`);
  const orphanEffects = await select(db, `
    select t.id, t.idempotency_key from ledger_transactions t where t.kind in ('point.convert', 'transfer') and not exists (
      select 1 from idempotency_keys k where t.idempotency_key = k.call || ':' || k.member_id || ':' || k.key)`);
  for (const r of orphanEffects) violations.push(`ledger transaction ${r.id} (${r.idempotency_key}) has no member key that caused it`);

  // Coupons: each used coupon was credited by one transaction and claimed by one key; each gift by one key.
  const coupons = await select(db, `
    select c.id, c.status, c.transaction_id,
      (select count(*)::int from idempotency_keys k where k.call = 'couponUse' and (k.answer #>> '{coupon,couponId}')::bigint = c.id) as uses,
      (select count(*)::int from idempotency_keys k where k.call = 'couponGift' and (k.answer #>> '{coupon,couponId}')::bigint = c.id) as gifts,
      (select count(*)::int from ledger_transactions t where t.idempotency_key = 'couponUse:' || c.id) as credits
    from coupons c`);
  for (const c of coupons) {
    const want = { uses: c.status === 'used' ? 1 : 0, gifts: c.status === 'gifted' ? 1 : 0, credits: c.status === 'used' ? 1 : 0 };
    for (const field of ['uses', 'gifts', 'credits'] as const) {
      if (num(c[field]) !== want[field]) violations.push(`coupon ${c.id} (${c.status}) has ${c[field]} ${field}, expected ${want[field]}`);
    }
    if ((c.status === 'used') !== (c.transaction_id !== null)) violations.push(`coupon ${c.id} (${c.status}) transaction_id is ${c.transaction_id}`);
  }
  return violations;
}

interface CashRequestRow extends Row {
  id: string;
  member_id: string;
  cash_type: string;
  direction: 'in' | 'out';
  status: number;
  amount: string;
  bonus_amount: string;
  processed_at: unknown;
  hold_transaction_id: string | null;
  settle_transaction_id: string | null;
}

interface EntryRow extends Row {
  transaction_id: string;
  owner_kind: 'member' | 'house';
  member_id: string | null;
  name: string;
  currency: string;
  amount: string;
}

/** A transaction's KRW entries as "member" / house-name -> signed amount. */
type Movement = Map<string, number>;

function movementOf(entries: EntryRow[], memberId: number): Movement {
  const movement: Movement = new Map();
  for (const e of entries) {
    if (e.currency !== 'KRW') continue;
    const side = e.owner_kind === 'member' ? (num(e.member_id) === memberId ? 'member' : `member ${e.member_id}`) : e.name;
    movement.set(side, (movement.get(side) ?? 0) + num(e.amount));
  }
  for (const [side, amount] of movement) if (amount === 0) movement.delete(side);
  return movement;
}

function sameMovement(actual: Movement, expected: Record<string, number>): boolean {
  const wanted = Object.entries(expected).filter(([, amount]) => amount !== 0);
  return actual.size === wanted.length && wanted.every(([side, amount]) => actual.get(side) === amount);
}

const describeMovement = (m: Movement) => JSON.stringify(Object.fromEntries(m));

/** What the request's hold and settle transactions must have moved, for its type and status. */
function expectedMovements(r: CashRequestRow): { hold: Record<string, number> | null; settle: Record<string, number> | null } {
  const amount = num(r.amount);
  const bonus = num(r.bonus_amount);
  if (r.direction === 'in') {
    return { hold: null, settle: r.status === 1 ? { member: amount + bonus, bank: -amount, bonus: -bonus } : null };
  }
  const hold = { member: -amount, withdrawal_hold: amount };
  if (r.status === 1) return { hold, settle: { withdrawal_hold: -amount, bank: amount } };
  if (r.status === -1) return { hold, settle: { member: amount, withdrawal_hold: -amount } };
  return { hold, settle: null };
}

async function cashRequests(db: Db): Promise<string[]> {
  const violations: string[] = [];
  const requests = await select<CashRequestRow>(db, `
    select id, member_id, cash_type, direction, status, amount::text as amount, bonus_amount::text as bonus_amount,
      processed_at, hold_transaction_id, settle_transaction_id from cash_requests order by id`);
  const entries = await select<EntryRow>(db, `
    select e.transaction_id, a.owner_kind, a.member_id, a.name, e.currency, e.amount::text as amount
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where e.transaction_id in (select hold_transaction_id from cash_requests union select settle_transaction_id from cash_requests)`);
  const byTransaction = new Map<number, EntryRow[]>();
  for (const e of entries) {
    const list = byTransaction.get(num(e.transaction_id)) ?? [];
    list.push(e);
    byTransaction.set(num(e.transaction_id), list);
  }

  const open = new Map<string, number>();
  for (const r of requests) {
    const status = num(r.status);
    const label = `cash request ${r.id} (${r.cash_type}, status ${status})`;
    if (![0, 2, 1, -1].includes(status)) violations.push(`${label}: unknown status`);
    const final = status === 1 || status === -1;
    if (final !== (r.processed_at !== null)) violations.push(`${label}: processed_at ${final ? 'missing' : 'set while open'}`);
    if (!final) {
      const openKey = `${r.member_id}:${r.direction}`;
      open.set(openKey, (open.get(openKey) ?? 0) + 1);
    }

    const expected = expectedMovements({ ...r, status });
    for (const [which, transactionId, wanted] of [
      ['hold', r.hold_transaction_id, expected.hold],
      ['settle', r.settle_transaction_id, expected.settle],
    ] as const) {
      if (wanted === null) {
        if (transactionId !== null) violations.push(`${label}: has a ${which} transaction ${transactionId} it must not have`);
        continue;
      }
      if (transactionId === null) {
        violations.push(`${label}: no ${which} transaction`);
        continue;
      }
      const movement = movementOf(byTransaction.get(num(transactionId)) ?? [], num(r.member_id));
      if (!sameMovement(movement, wanted)) {
        violations.push(`${label}: ${which} transaction ${transactionId} moved ${describeMovement(movement)}, expected ${JSON.stringify(wanted)}`);
      }
    }
  }
  for (const [key, n] of open) if (n > 1) violations.push(`member:direction ${key} has ${n} open requests`);

  // No stray movement for a request: its only ledger transactions are the hold and the settle it points at.
  const stray = await select(db, `
    select t.id, t.idempotency_key from ledger_transactions t
    join cash_requests c on c.id = substring(t.idempotency_key from '^(?:cashIn|cashOut|coinIn|coinOut):[A-Za-z]+:([0-9]+)$')::bigint
    where t.id is distinct from c.hold_transaction_id and t.id is distinct from c.settle_transaction_id`);
  for (const r of stray) violations.push(`ledger transaction ${r.id} (${r.idempotency_key}) moved money for a request that does not point at it`);
  return violations;
}

async function houseTotals(db: Db): Promise<string[]> {
  const violations: string[] = [];
  const [expected] = await select(db, `
    select
      coalesce(sum(case when direction = 'in' and status = 1 then amount end), 0)::text as deposited,
      coalesce(sum(case when direction = 'in' and status = 1 then bonus_amount end), 0)::text as bonus,
      coalesce(sum(case when direction = 'out' and status = 1 then amount end), 0)::text as withdrawn,
      coalesce(sum(case when direction = 'out' and status in (0, 2) then amount end), 0)::text as held
    from cash_requests`);
  const accounts = await select(db, `
    select owner_kind, name, coalesce(sum(balance), 0)::text as balance from ledger_accounts
    where currency = 'KRW' group by owner_kind, name`);
  const balanceOf = (owner: string, name?: string) =>
    accounts.filter((a) => a.owner_kind === owner && (name === undefined || a.name === name)).reduce((s, a) => s + num(a.balance), 0);

  const deposited = num(expected!.deposited);
  const bonus = num(expected!.bonus);
  const withdrawn = num(expected!.withdrawn);
  const held = num(expected!.held);
  const bank = balanceOf('house', 'bank');
  const bonusHouse = balanceOf('house', 'bonus');
  const hold = balanceOf('house', 'withdrawal_hold');
  if (bank !== withdrawn - deposited) violations.push(`house bank is ${bank}, approved withdrawals minus deposits are ${withdrawn - deposited}`);
  if (bonusHouse !== -bonus) violations.push(`house bonus is ${bonusHouse}, granted bonuses are ${bonus}`);
  if (hold !== held) violations.push(`house withdrawal_hold is ${hold}, open withdrawals hold ${held}`);

  // Won inside the site (members + held for withdrawal) = what came in through approved requests, minus
  // what left, plus what every other house account (points conversion, coupons, promotions) handed out.
  const otherHouse = accounts
    .filter((a) => a.owner_kind === 'house' && !['bank', 'bonus', 'withdrawal_hold'].includes(String(a.name)))
    .reduce((s, a) => s + num(a.balance), 0);
  const inside = balanceOf('member') + hold;
  const expectedInside = deposited + bonus - withdrawn - otherHouse;
  if (inside !== expectedInside) {
    violations.push(`members + withdrawal_hold hold ${inside} won; approved deposits + bonus - withdrawals + other house grants say ${expectedInside}`);
  }
  return violations;
}

/**
 * Mini-game bets: each took its stake in one ledger transaction (member -> house 'minigame'); a
 * waiting bet has no settlement key and sits on a round not yet settled; a settled one has exactly one
 * key that paid its win; its betting-history row says the same; no bet was placed at or after its
 * round's cutoff; the house 'minigame' holds the stakes minus what settlements paid.
 */
async function miniGames(db: Db): Promise<string[]> {
  const violations: string[] = [];
  const bets = await select(db, `
    select b.id, b.status, b.stake::text as stake, b.win::text as win, b.member_id, b.placed_at >= r.closes_at as late, r.status as round_status,
      s.paid::text as paid, h.type as h_type, h.stake::text as h_stake, h.win::text as h_win,
      (select coalesce(sum(e.amount), 0)::text from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where e.transaction_id = b.stake_transaction_id and a.owner_kind = 'member' and a.member_id = b.member_id) as staked,
      (select count(*)::int from ledger_transactions t where t.id = b.stake_transaction_id and t.kind = 'mini.stake') as stake_tx
    from mini_bets b join mini_rounds r on r.id = b.round_id
    left join mini_settlements s on s.bet_id = b.id left join bets h on h.source_ref = 'mini:' || b.id`);
  for (const b of bets) {
    const label = `mini bet ${b.id} (${b.status})`;
    if (num(b.stake_tx) !== 1 || num(b.staked) !== -num(b.stake)) violations.push(`${label}: stake transaction moved ${b.staked}, stake ${b.stake}`);
    if (b.late === true) violations.push(`${label}: placed after its round's cutoff`);
    if (b.status === 'wait') {
      if (b.paid !== null) violations.push(`${label}: waiting but has a settlement key`);
      if (b.round_status === 'settled' || b.round_status === 'void') violations.push(`${label}: waiting on a ${b.round_status} round`);
    } else if (b.paid === null || num(b.paid) !== num(b.win)) violations.push(`${label}: settlement paid ${b.paid}, win ${b.win}`);
    if (b.h_type !== b.status || num(b.h_stake) !== num(b.stake) || num(b.h_win) !== num(b.win)) {
      violations.push(`${label}: betting history says ${b.h_type} ${b.h_stake}/${b.h_win}`);
    }
  }
  const [house] = await select(db, `select
    (select coalesce(sum(balance), 0)::text from ledger_accounts where owner_kind = 'house' and name = 'minigame' and currency = 'KRW') as balance,
    (select coalesce(sum(stake), 0)::text from mini_bets) as stakes, (select coalesce(sum(paid), 0)::text from mini_settlements) as paid`);
  if (num(house!.balance) !== num(house!.stakes) - num(house!.paid)) {
    violations.push(`house minigame is ${house!.balance}, stakes ${house!.stakes} minus payouts ${house!.paid}`);
  }
  const doubled = await select(db, `select idempotency_key, count(*)::int as n from ledger_transactions where kind in ('mini.settle', 'mini.void') group by 1 having count(*) > 1`);
  for (const r of doubled) violations.push(`round settlement ${r.idempotency_key} posted ${r.n} times`);
  return violations;
}

/**
 * Sports bets (server/sports): each took its stake in one 'sport.stake' transaction; it has one settlement
 * key per revision it reached; its betting-history row says its status and what it paid now; the house
 * 'sport' holds the stakes minus what the bets' current settlements paid minus what members still owe
 * (each revision pays its win and takes back the last one's, less what the balance could not cover).
 */
async function sportBets(db: Db): Promise<string[]> {
  const violations: string[] = [];
  const bets = await select(db, `
    select b.id, b.status, b.stake::text as stake, b.paid::text as paid, b.revision, h.type as h_type, h.stake::text as h_stake, h.win::text as h_win,
      (select count(*)::int from sport_settlements s where s.bet_id = b.id) as revisions,
      (select coalesce(sum(e.amount), 0)::text from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where e.transaction_id = b.stake_transaction_id and a.owner_kind = 'member' and a.member_id = b.member_id) as staked,
      (select count(*)::int from ledger_transactions t where t.id = b.stake_transaction_id and t.kind = 'sport.stake') as stake_tx
    from sport_bets b left join bets h on h.source_ref = 'sport:' || b.id`);
  for (const b of bets) {
    const label = `sport bet ${b.id} (${b.status})`;
    if (num(b.stake_tx) !== 1 || num(b.staked) !== -num(b.stake)) violations.push(`${label}: stake transaction moved ${b.staked}, stake ${b.stake}`);
    if (num(b.revisions) !== num(b.revision)) violations.push(`${label}: at revision ${b.revision} with ${b.revisions} settlement keys`);
    if (b.status === 'wait' && num(b.revision) !== 0) violations.push(`${label}: waiting after a settlement`);
    if (b.h_type !== b.status || num(b.h_stake) !== num(b.stake) || num(b.h_win) !== num(b.paid)) {
      violations.push(`${label}: betting history says ${b.h_type} ${b.h_stake}/${b.h_win}, the bet ${b.stake}/${b.paid}`);
    }
  }
  const [house] = await select(db, `select
    (select coalesce(sum(balance), 0)::text from ledger_accounts where owner_kind = 'house' and name = 'sport' and currency = 'KRW') as balance,
    (select coalesce(sum(stake), 0)::text from sport_bets) as stakes, (select coalesce(sum(paid), 0)::text from sport_bets) as paid,
    (select coalesce(sum(amount - collected), 0)::text from sport_debts) as owed`);
  if (num(house!.balance) !== num(house!.stakes) - num(house!.paid) - num(house!.owed)) {
    violations.push(`house sport is ${house!.balance}, stakes ${house!.stakes} minus payouts ${house!.paid} minus open debts ${house!.owed}`);
  }
  // Each debt's collected part is what its payments say, each payment in a payout of the same member that moved it to the house.
  const debts = await select(db, `select d.id, d.amount::text as amount, d.collected::text as collected,
      (select coalesce(sum(p.amount), 0)::text from sport_debt_payments p where p.debt_id = d.id) as payments
    from sport_debts d where d.collected <> (select coalesce(sum(p.amount), 0) from sport_debt_payments p where p.debt_id = d.id)
      or d.collected < 0 or d.collected > d.amount`);
  for (const d of debts) violations.push(`sport debt ${d.id}: amount ${d.amount}, collected ${d.collected}, payments ${d.payments}`);
  const payments = await select(db, `select p.transaction_id, sum(p.amount)::text as collected,
      (select coalesce(sum(-e.amount), 0)::text from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where e.transaction_id = p.transaction_id and a.owner_kind = 'member' and e.amount < 0) as taken,
      (select count(distinct d2.member_id)::int from sport_debt_payments p2 join sport_debts d2 on d2.id = p2.debt_id where p2.transaction_id = p.transaction_id) as members,
      (select t.kind from ledger_transactions t where t.id = p.transaction_id) as kind
    from sport_debt_payments p group by p.transaction_id`);
  for (const p of payments) {
    if (p.kind !== 'sport.settle' || num(p.taken) !== num(p.collected) || num(p.members) !== 1) {
      violations.push(`ledger transaction ${p.transaction_id} (${p.kind}) collected ${p.collected} of sport debts but took ${p.taken} from ${p.members} member(s)`);
    }
  }
  // Exposure counts the bets still waiting, no more and no less.
  const exposure = await select(db, `with open as (
      select l.selection_id, sum(b.stake) as stakes, sum(b.potential_win) as liability, count(*) as bets
      from sport_bet_legs l join sport_bets b on b.id = l.bet_id where b.status = 'wait' group by l.selection_id)
    select coalesce(x.selection_id, o.selection_id) as selection_id, coalesce(x.stakes, 0)::text as stakes, coalesce(o.stakes, 0)::text as open_stakes,
      coalesce(x.liability, 0)::text as liability, coalesce(o.liability, 0)::text as open_liability, coalesce(x.bets, 0)::int as bets, coalesce(o.bets, 0)::int as open_bets
    from sport_exposure x full join open o on o.selection_id = x.selection_id
    where coalesce(x.stakes, 0) <> coalesce(o.stakes, 0) or coalesce(x.liability, 0) <> coalesce(o.liability, 0) or coalesce(x.bets, 0) <> coalesce(o.bets, 0)`);
  for (const x of exposure) {
    violations.push(`exposure of ${x.selection_id}: ${x.stakes}/${x.liability}/${x.bets} but open bets ${x.open_stakes}/${x.open_liability}/${x.open_bets}`);
  }
  return violations;
}

/**
 * Game money (server/games/money.ts): the won behind members' GAME accounts is the KRW house account
 * game:float, and GAME balances per currency through game:issued; each transfer moved its money as its
 * state says (in: posted when written, reversed once when it failed, posted again once if the vendor
 * applied it after all; out-all: posted once when applied); each round in the history moved win - bet
 * once, and no round moved money without its history row.
 */
async function gameMoney(db: Db): Promise<string[]> {
  const violations: string[] = [];
  const [totals] = await select(db, `
    select
      coalesce((select sum(balance) from ledger_accounts where owner_kind = 'member' and currency = 'GAME'), 0)::text as members,
      coalesce((select sum(balance) from ledger_accounts where owner_kind = 'house' and name = 'game:float' and currency = 'KRW'), 0)::text as float,
      coalesce((select sum(balance) from ledger_accounts where owner_kind = 'house' and name = 'game:issued' and currency = 'GAME'), 0)::text as issued`);
  if (num(totals!.members) !== num(totals!.float) || num(totals!.members) !== -num(totals!.issued)) {
    violations.push(`members' GAME ${totals!.members}, KRW game:float ${totals!.float}, GAME game:issued ${totals!.issued} disagree`);
  }
  const transfers = await select(db, `
    select g.transfer_id, g.direction, g.state, coalesce(g.amount, 0)::text as amount,
      (select count(*) from ledger_transactions t where t.idempotency_key = 'game:in:' || g.transfer_id)::int as posted_in,
      (select count(*) from ledger_transactions t where t.idempotency_key = 'game:in-void:' || g.transfer_id)::int as voided,
      (select count(*) from ledger_transactions t where t.idempotency_key = 'game:in-late:' || g.transfer_id)::int as late,
      (select count(*) from ledger_transactions t where t.idempotency_key = 'game:out:' || g.transfer_id)::int as posted_out
    from game_transfers g`);
  for (const t of transfers) {
    const id = `game transfer ${t.transfer_id} (${t.direction}, ${t.state})`;
    if (t.direction === 'in') {
      const ok = t.posted_out === 0 && t.posted_in === 1 && (
        (t.state === 'pending' && t.voided === 0 && t.late === 0)
        || (t.state === 'failed' && t.voided === 1 && t.late === 0)
        || (t.state === 'applied' && t.voided === t.late));
      if (!ok) violations.push(`${id}: in ${t.posted_in}, void ${t.voided}, late ${t.late}, out ${t.posted_out}`);
    } else {
      const expected = t.state === 'applied' && num(t.amount) > 0 ? 1 : 0;
      if (t.posted_out !== expected || num(t.posted_in) + num(t.voided) + num(t.late) > 0) violations.push(`${id}: out posted ${t.posted_out} times`);
    }
  }
  const rounds = await select(db, `
    select b.source_ref, (b.win - b.stake)::text as net, count(distinct t.id)::int as n,
      coalesce(sum(e.amount) filter (where a.owner_kind = 'member'), 0)::text as moved
    from bets b
    left join ledger_transactions t on t.idempotency_key = 'game:round:' || substr(b.source_ref, 8)
    left join ledger_entries e on e.transaction_id = t.id
    left join ledger_accounts a on a.id = e.account_id
    where b.source_ref like 'vendor:%' group by b.source_ref, b.win, b.stake`);
  for (const r of rounds) {
    const expectedTransactions = num(r.net) === 0 ? 0 : 1;
    if (num(r.n) > 0 && num(r.moved) !== num(r.net)) violations.push(`round ${r.source_ref} moved ${r.moved}, its net is ${r.net}`);
    if ((num(r.n) > 0 ? 1 : 0) !== expectedTransactions) violations.push(`round ${r.source_ref} has ${r.n} ledger transactions`);
  }
  const orphans = await select(db, `
    select t.idempotency_key from ledger_transactions t where t.kind = 'game-round'
      and not exists (select 1 from bets b where b.source_ref = 'vendor:' || substr(t.idempotency_key, 12))`);
  for (const r of orphans) violations.push(`round money ${r.idempotency_key} has no betting history row`);
  return violations;
}

/**
 * Member protection's per-day totals (migration 0020) hold every bet once and every deposit once, whatever
 * raced or was refused: per member, stakes, returns and settled stakes equal the betting history's, and
 * deposits equal the approved deposits (the bank's side, without bonus) plus the money received from others.
 */
async function protectionTotals(db: Db): Promise<string[]> {
  const violations: string[] = [];
  const rows = await select(db, `
    with counted as (
      select member_id, sum(stakes)::text as stakes, sum(returns)::text as returns, sum(settled_stakes)::text as settled, sum(deposits)::text as deposits
      from protection_days group by member_id
    ), bet_totals as (
      select member_id, sum(stake)::text as stakes, sum(win)::text as returns, sum(case when type = 'wait' then 0 else stake end)::text as settled
      from bets group by member_id
    ), deposit_totals as (
      select a.member_id, sum(case when t.kind = 'cash.deposit' then -b.amount else e.amount end)::text as deposits
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.owner_kind = 'member' and a.currency = 'KRW' and e.amount > 0
      left join lateral (select sum(be.amount) as amount from ledger_entries be join ledger_accounts ba on ba.id = be.account_id
        where be.transaction_id = t.id and ba.owner_kind = 'house' and ba.name = 'bank') b on true
      where t.kind in ('cash.deposit', 'transfer', 'partner.give')
      group by a.member_id
    )
    select coalesce(c.member_id, x.member_id, d.member_id) as member_id,
      coalesce(c.stakes, '0') as c_stakes, coalesce(x.stakes, '0') as b_stakes, coalesce(c.returns, '0') as c_returns, coalesce(x.returns, '0') as b_returns,
      coalesce(c.settled, '0') as c_settled, coalesce(x.settled, '0') as b_settled, coalesce(c.deposits, '0') as c_deposits, coalesce(d.deposits, '0') as l_deposits
    from counted c full join bet_totals x on x.member_id = c.member_id full join deposit_totals d on d.member_id = coalesce(c.member_id, x.member_id)`);
  for (const r of rows) {
    const pairs: [string, unknown, unknown][] = [
      ['stakes', r.c_stakes, r.b_stakes], ['returns', r.c_returns, r.b_returns], ['settled stakes', r.c_settled, r.b_settled], ['deposits', r.c_deposits, r.l_deposits],
    ];
    for (const [what, counted, actual] of pairs) {
      if (num(counted) !== num(actual)) violations.push(`member ${r.member_id}: protection counted ${what} ${counted}, the books say ${actual}`);
    }
  }
  return violations;
}

/**
 * The partner line's money: the commission house account paid out exactly the merges, no partner merged
 * more than their settled lines (reversals aside), every partner give/take that went through is one
 * ledger transaction of its amount between the two members, and no accrual pays a negative rolling.
 */
async function partnerMoney(db: Db): Promise<string[]> {
  const violations: string[] = [];
  const [house] = await select(db, `select
      coalesce((select sum(balance) from ledger_accounts where owner_kind = 'house' and name = 'partner_commission' and currency = 'KRW'), 0)::text as balance,
      coalesce((select sum(amount) from partner_merges), 0)::text as merged`);
  if (num(house!.balance) !== -num(house!.merged)) violations.push(`house partner_commission is ${house!.balance}, merges are ${house!.merged}`);
  const over = await select(db, `select m.partner_id, m.merged::text, coalesce(s.settled, 0)::text as settled from
      (select partner_id, sum(amount) as merged from partner_merges group by partner_id) m
      left join (select partner_id, sum(amount) as settled from partner_settlements group by partner_id) s on s.partner_id = m.partner_id
    where m.merged > coalesce(s.settled, 0)`);
  for (const r of over) violations.push(`partner ${r.partner_id} merged ${r.merged} of ${r.settled} settled`);
  const moves = await select(db, `select t.id from transfers t where t.kind <> 'transfer' and t.success and not exists (
      select 1 from ledger_entries e where e.transaction_id = t.transaction_id and e.amount = t.amount
        and e.account_id in (select id from ledger_accounts where member_id = t.to_member_id and currency = 'KRW'))`);
  for (const r of moves) violations.push(`partner move ${r.id} has no ledger transaction of its amount`);
  const negative = await select(db, `select id from partner_accruals where rolling < 0 and reverses_id is null`);
  for (const r of negative) violations.push(`accrual ${r.id} has a negative rolling`);
  return violations;
}

export async function checkLedgerInvariants(db: Db): Promise<string[]> {
  return [
    ...await partnerMoney(db),
    ...await miniGames(db),
    ...await sportBets(db),
    ...await ledgerShape(db),
    ...await idempotencyEffects(db),
    ...await cashRequests(db),
    ...await houseTotals(db),
    ...await gameMoney(db),
    ...await protectionTotals(db),
  ];
}
