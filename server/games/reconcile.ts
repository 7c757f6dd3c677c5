/**
 * Reconciliation: the site's game_transfers against the vendor's transfers feed, and each member's
 * GAME account against the vendor's balance. What can be settled is settled first (a pending transfer
 * the vendor applied; one the site gave up on that the vendor applied after all, e.g. a delayed
 * request); what still differs is reported to the operator API (the latest report is kept). Money the
 * vendor returned beyond the site's books (held at an out-all, money.ts outEntries) is proposed for the
 * operator to credit to its member (POST /admin/api/games/held/{transferId}/credit, audited).
 */
import { desc, eq, isNotNull } from 'drizzle-orm';
import type { VendorTransfer } from '../../contract/gameProvider';
import type { Db } from '../db/client';
import { gameMembers, gameReconciliations, gameTransfers, ledgerAccounts } from '../db/schema';
import { type GameAdapter, memberOfPlayer, playerOf } from './adapter';
import type { RoundsFeed } from './feed';
import { type GameMoney, type HeldExcess, heldExcesses } from './money';

export interface Difference {
  kind: 'unknown-transfer' | 'not-at-vendor' | 'amount' | 'unsettled' | 'balance';
  transferId?: string;
  memberId?: number;
  site?: number | string | null;
  vendor?: number | string | null;
}

/** A fix for the operator to apply: credit a held excess to its member. */
export interface Proposal extends HeldExcess {
  action: 'credit-member';
}

export interface ReconciliationReport {
  at: string;
  differences: Difference[];
  repaired: string[];
  /** Always as of now (not of the report's time). */
  proposals: Proposal[];
}

const PAGE = 500;

export function createReconciliation(deps: { db: Db; adapter: GameAdapter; money: GameMoney; feed: RoundsFeed; now: () => Date }) {
  const { db, adapter, money, feed, now } = deps;

  async function vendorTransfers(): Promise<Map<string, VendorTransfer>> {
    const all = new Map<string, VendorTransfer>();
    let after: string | null = null;
    for (;;) {
      const page = await adapter.transfers(after, PAGE);
      for (const t of page.transfers) all.set(t.transferId, t);
      if (page.transfers.length < PAGE || page.next === null) return all;
      after = page.next;
    }
  }

  async function compareTransfers(differences: Difference[], repaired: string[]): Promise<void> {
    const vendor = await vendorTransfers();
    const site = new Map((await db.select().from(gameTransfers)).map((row) => [row.transferId, row]));
    for (const [transferId, theirs] of vendor) {
      const ours = site.get(transferId);
      if (!ours) {
        differences.push({ kind: 'unknown-transfer', transferId, memberId: memberOfPlayer(theirs.player) ?? undefined, vendor: theirs.amount });
        continue;
      }
      if (ours.state !== 'applied') {
        const settled = ours.state === 'pending' ? await money.resolve(ours) : await money.applyLate(ours, theirs);
        if (settled.state === 'applied') repaired.push(transferId);
        else differences.push({ kind: 'unsettled', transferId, memberId: ours.memberId, site: ours.state, vendor: theirs.amount });
        continue;
      }
      if (ours.amount !== theirs.amount) differences.push({ kind: 'amount', transferId, memberId: ours.memberId, site: ours.amount, vendor: theirs.amount });
    }
    for (const [transferId, ours] of site) {
      if (ours.state === 'applied' && !vendor.has(transferId)) {
        differences.push({ kind: 'not-at-vendor', transferId, memberId: ours.memberId, site: ours.amount });
      }
    }
  }

  async function gameAccounts(): Promise<Map<number, number>> {
    const rows = await db.select({ memberId: ledgerAccounts.memberId, balance: ledgerAccounts.balance }).from(ledgerAccounts)
      .where(eq(ledgerAccounts.currency, 'GAME'));
    return new Map(rows.filter((r) => r.memberId !== null).map((r) => [r.memberId!, r.balance]));
  }

  async function compareBalances(differences: Difference[]): Promise<void> {
    const open = await db.select({ memberId: gameMembers.memberId }).from(gameMembers).where(isNotNull(gameMembers.openGameKey));
    const pending = new Set((await db.select({ memberId: gameTransfers.memberId }).from(gameTransfers)
      .where(eq(gameTransfers.state, 'pending'))).map((r) => r.memberId));
    const accounts = await gameAccounts();
    const memberIds = [...new Set([...accounts.keys(), ...open.map((r) => r.memberId)])].filter((id) => !pending.has(id));
    for (const memberId of memberIds) {
      const theirs = await adapter.balance(playerOf(memberId));
      if (theirs.inRound) continue; // a round's stake is out until it ends; compared next time
      let ours = accounts.get(memberId) ?? 0;
      if (ours !== theirs.balance) {
        // Rounds that finished since the last pull: pull and look again before calling it a difference.
        await feed.pull();
        ours = (await gameAccounts()).get(memberId) ?? 0;
        const again = await adapter.balance(playerOf(memberId));
        if (!again.inRound && ours !== again.balance) differences.push({ kind: 'balance', memberId, site: ours, vendor: again.balance });
      }
    }
  }

  const proposals = async (): Promise<Proposal[]> => (await heldExcesses(db)).map((held) => ({ ...held, action: 'credit-member' }));

  return {
    async run(): Promise<ReconciliationReport> {
      const differences: Difference[] = [];
      const repaired: string[] = [];
      await feed.pull();
      await compareTransfers(differences, repaired);
      await compareBalances(differences);
      const at = now();
      await db.insert(gameReconciliations).values({ at, differences, repaired });
      return { at: at.toISOString(), differences, repaired, proposals: await proposals() };
    },

    async latest(): Promise<ReconciliationReport | null> {
      const [row] = await db.select().from(gameReconciliations).orderBy(desc(gameReconciliations.id)).limit(1);
      return row
        ? { at: row.at.toISOString(), differences: row.differences as Difference[], repaired: row.repaired as string[], proposals: await proposals() }
        : null;
    },
  };
}

export type Reconciliation = ReturnType<typeof createReconciliation>;
