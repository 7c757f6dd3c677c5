/**
 * Operator actions on the partner line, through the partner module's operator face
 * (partner/operatorPartners.ts), each in one transaction with its audit row.
 */
import type { PartnerLevel, RateEntry } from '../../contract/partner';
import type { Clock } from '../clock';
import type { Tx } from '../db/client';
import type { OperatorPartners } from '../partner/operatorPartners';
import type { Audit, OperatorContext } from './audit';

export interface PartnersAdminDeps {
  clock: Clock;
  audit: Audit;
  partners: OperatorPartners;
}

export function createPartnersAdminService({ clock, audit, partners }: PartnersAdminDeps) {
  return {
    /** The top partners (where the tree is browsed from), a fragment of the id or nickname, a page at a time. */
    tops: (query: { q?: string; page: number }) => partners.tops(query),
    /** Settlement lines, newest day first, filtered by Seoul days, partner and status. */
    settlements: (query: { from?: string; to?: string; memId?: string; status?: 'settled' | 'reversed'; page: number }) => partners.settlements(query),

    make(ctx: OperatorContext, memId: string, change: { level: PartnerLevel; parentMemId: string | null; canCreateLower: boolean }) {
      return audit.run(ctx, { action: 'partner.make', target: memId, detail: { ...change } }, (tx) => partners.make(tx, memId, change, clock.now()));
    },
    move(ctx: OperatorContext, memId: string, parentMemId: string) {
      return audit.run(ctx, { action: 'partner.move', target: memId, detail: { parentMemId } }, (tx) => partners.move(tx, memId, parentMemId, clock.now()));
    },
    setRates(ctx: OperatorContext, memId: string, rates: RateEntry[]) {
      const inForce = (tx: Tx) => partners.rates(tx, memId, clock.now());
      return audit.run(ctx, { action: 'partner.rates', target: memId, detail: { rates }, readBefore: inForce, readAfter: inForce },
        (tx) => partners.setRates(tx, memId, rates, clock.now()));
    },
    permissions(ctx: OperatorContext, memId: string, change: { canCreateLower?: boolean; canMoveMoney?: boolean }) {
      return audit.run(ctx, { action: 'partner.permissions', target: memId, detail: { ...change } }, (tx) => partners.permissions(tx, memId, change));
    },
    line: (memId: string, page: number) => partners.line(memId, page, clock.now()),
    close(ctx: OperatorContext, day: string) {
      return audit.run(ctx, { action: 'partner.settlement.close', target: day }, (tx) => partners.close(tx, day, clock.now()));
    },
    reverse(ctx: OperatorContext, lineId: number) {
      return audit.run(ctx, { action: 'partner.settlement.reverse', target: String(lineId) }, (tx) => partners.reverse(tx, lineId, clock.now()));
    },
    accrualOfBet: (betId: number) => partners.accrualOfBet(betId),
  };
}

export type PartnersAdminService = ReturnType<typeof createPartnersAdminService>;
