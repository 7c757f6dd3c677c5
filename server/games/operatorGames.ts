/**
 * What the operator may do with games, and the only games module the operator API calls: vendors'
 * states, games on/off, the catalogue sync, a member's game money and open game, the game lock, the
 * F001 setting, a forced merge, the reconciliation report and crediting vendor money held at an out-all.
 * Writes take the operator's transaction, so the audit row commits with them. A call that reaches the
 * vendor and gets no definite answer or a refusal answers the vendor's error (9999), not the server's.
 */
import { eq } from 'drizzle-orm';
import type { VendorState } from '../../contract/games';
import { resultMessage } from '../../contract/resultMessages';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { gameCatalog, gameMembers } from '../db/schema';
import { Failure } from '../failure';
import { moneyDoor } from '../money/door';
import type { MemberRef } from '../money/memberLock';
import { VendorRefused, VendorUnreachable } from './adapter';
import { findVendorByCode, listGames, listVendors } from './catalog';
import { creditHeldExcess } from './money';
import type { GamesService } from './service';

async function atVendor<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof VendorUnreachable || error instanceof VendorRefused) throw new Failure('9999', `${resultMessage('9999')} (${error.message})`);
    throw error;
  }
}

export function createOperatorGames({ db, clock, games }: { db: Db; clock: Clock; games: GamesService }) {
  const money = moneyDoor(db, clock);
  return {
    vendors: () => listVendors(db),
    catalog: (brand: string) => listGames(db, brand, false),
    setVendorState: (tx: Tx, code: string, state: VendorState) => games.setVendorState(tx, code, state),
    /** A vendor's state as it stands (the audit's before and after of a change); null for no such vendor. */
    vendorState: async (tx: Tx, code: string) => (await findVendorByCode(tx, code))?.state ?? null,

    async switchGame(tx: Tx, gameKey: string, enabled: boolean): Promise<void> {
      const updated = await tx.update(gameCatalog).set({ enabled }).where(eq(gameCatalog.gameKey, gameKey)).returning();
      if (updated.length === 0) throw new Failure('R404');
    },

    sync: () => atVendor(() => games.sync()),
    memberGame: (member: MemberRef) => games.memberGame(member.memberId),
    setMemberLock: (tx: Tx, member: MemberRef, locked: boolean) => games.setMemberLock(tx, member.memberId, locked),

    /** Whether a member's games are locked (B1002), read here without the vendor. */
    async locked(memberId: number): Promise<boolean> {
      const [row] = await db.select({ locked: gameMembers.locked }).from(gameMembers).where(eq(gameMembers.memberId, memberId));
      return row?.locked === true;
    },
    setBlockWhileCashOpen: (tx: Tx, block: boolean) => games.setBlockWhileCashOpen(tx, block),
    /** A forced merge: the member's game money back into integrated money (C009 while a round is open). */
    merge: (member: MemberRef) => atVendor(() => games.merge(member, null, 'operator')),
    reconciliation: () => games.reconciliation.latest(),
    reconcile: () => atVendor(() => games.reconciliation.run()),
    /** Reconciliation's proposal applied: the vendor money held at an out-all goes to its member (R404 if none waits). */
    creditHeld: (tx: Tx, transferId: string) => creditHeldExcess(money.within(tx), transferId),
  };
}

export type OperatorGames = ReturnType<typeof createOperatorGames>;
