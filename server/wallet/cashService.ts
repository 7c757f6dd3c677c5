/**
 * Member cash calls: deposit and withdrawal requests in won and USDT, the wallet overview, history,
 * cancelling or hiding a request, account inquiries and the USDT price. Every money call goes through
 * the money door (money/door.ts): one transaction that claims the key, locks the member, checks the rules in
 * order and writes the request with its ledger movement; a refusal rolls all of it back. A withdrawal request
 * is one statement, the database's cash_withdraw (withdrawals.ts).
 */
import type { z } from 'zod';
import type {
  cashDeletePayload, cashListPayload, coinDepositPayload, coinWithdrawPayload, depositPayload, withdrawPayload,
} from '../../contract/walletPayloads';
import type { Balances, CashList, CashRequest, CashType, CoinPrice } from '../../contract/wallet';
import type { AnswerOf } from '../../contract/calls';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { Failure } from '../failure';
import { createPasswordChecks } from '../member/passwordChecks';
import { readAmount, requireAmount, wonForUsdt } from '../money/amounts';
import type { BalancePush } from '../money/balancePush';
import { type KeyedPayload, type Movement, moneyDoor } from '../money/door';
import { getMemberBalances } from '../money/ledger';
import { lockMember, type MemberRow } from '../money/memberLock';
import type { LiveSession } from '../session/service';
import { depositBonus } from './bonus';
import type { MoveCashRequest } from './cashMoves';
import {
  type CashRequestRow, cashRequestView, directionOf, hasOpenRequest, hideProcessedRequest, insertCashRequest, memberCashPage,
} from './cashQueries';
import { checkDepositLimits, checkLockedPrice, checkMayDeposit } from './cashRules';
import { historyWindow, pageInfo } from './history';
import { type CoinSymbol, operatorPriceSource, type PriceSource } from './priceSource';
import { inquiryView, latestInquiry, openInquiry } from './inquiryQueries';
import { limitsOf, readWalletSettings, readWalletSettingsShared, type WalletSettings } from './settings';
import { requestWithdrawal, type Withdrawal } from './withdrawals';

export interface CashServiceDeps {
  db: Db;
  clock: Clock;
  balances: BalancePush;
  moveCashRequest: MoveCashRequest;
  prices?: PriceSource;
}

type Deposit = Pick<CashRequestRow, 'cashType' | 'amount' | 'bonusYn' | 'usdtAmount' | 'priceKrw' | 'address'>;

export function createCashService({ db, clock, balances, moveCashRequest, prices = operatorPriceSource }: CashServiceDeps) {
  const passwords = createPasswordChecks(db, clock);
  const money = moneyDoor(db, clock);
  async function lockedMember(tx: Tx, session: LiveSession): Promise<MemberRow> {
    return signedIn(await lockMember(tx, session.memberId));
  }

  function signedIn(member: MemberRow | null): MemberRow {
    if (!member) throw new Failure('TK001');
    return member;
  }

  /** Writes a deposit request; the partial unique index answers a racing open request with C003. */
  async function insertRequest(move: Movement, member: MemberRow, fields: Deposit, bonusAmount: number) {
    const row = await insertCashRequest(move.tx, {
      ...fields, bonusAmount, memberId: member.id, direction: directionOf(fields.cashType), status: 0, createdAt: move.now,
    }, 'C003');
    if (typeof row === 'string') throw new Failure(row);
    return row;
  }

  /** The part every deposit shares once its amount is known in won: limits, open request, bonus, the row. */
  async function placeDeposit(move: Movement, member: MemberRow, settings: WalletSettings, deposit: Deposit): Promise<{ request: CashRequest }> {
    checkDepositLimits(deposit.amount, settings, deposit.cashType);
    if (await hasOpenRequest(move.tx, member.id, 'in')) throw new Failure('C003');
    // Member protection: refused before it exists when it would pass a deposit limit (approval checks again).
    await move.protect(member.id, 'deposit_request', deposit.amount);
    const bonusAmount = await depositBonus(move.tx, { memberId: member.id, amount: deposit.amount, bonusYn: deposit.bonusYn }, settings, move.now);
    return { request: cashRequestView(await insertRequest(move, member, deposit, bonusAmount)) };
  }

  /**
   * A withdrawal request checks the cash-out password under its attempt limit and holds the money at once,
   * so the member's other tabs hear CASH as soon as it commits.
   */
  async function withdrawal(session: LiveSession, payload: KeyedPayload & { cashOutPass: string }, request: Withdrawal) {
    const { answer, ran } = await passwords.inDatabase(session.memberId, payload.cashOutPass,
      (pass) => requestWithdrawal(money, { memberId: session.memberId, payload }, request, pass));
    await balances.announce(session, ran ? answer.balances : undefined);
    return answer;
  }

  return {
    async walletInfo(session: LiveSession): Promise<AnswerOf<'walletInfo'>> {
      const settings = await readWalletSettings(db);
      const [balances, openDeposit, openWithdrawal] = await Promise.all([
        getMemberBalances(db, session.memberId),
        hasOpenRequest(db, session.memberId, 'in'),
        hasOpenRequest(db, session.memberId, 'out'),
      ]);
      return { limits: limitsOf(settings), balances, openDeposit, openWithdrawal };
    },

    // A deposit request moves no money until approved (cashMoves.ts): nothing to announce.
    async deposit(session: LiveSession, payload: z.output<typeof depositPayload>) {
      const { amount, bonusYn } = payload;
      return (await money.call({ memberId: session.memberId, call: 'cashIn', payload }, async (move) => {
        const member = await lockedMember(move.tx, session);
        checkMayDeposit(member);
        const won = requireAmount(amount, 'C002');
        const settings = await readWalletSettings(move.tx);
        return placeDeposit(move, member, settings, { cashType: 'in', amount: won, bonusYn, usdtAmount: null, priceKrw: null, address: null });
      })).answer;
    },

    async coinDeposit(session: LiveSession, payload: z.output<typeof coinDepositPayload>) {
      const { usdtAmount, priceKrw } = payload;
      return (await money.call({ memberId: session.memberId, call: 'coinIn', payload }, async (move) => {
        const member = await lockedMember(move.tx, session);
        checkMayDeposit(member);
        const usdt = requireAmount(usdtAmount, 'C002');
        const settings = await readWalletSettingsShared(move.tx);
        const price = checkLockedPrice(readAmount(priceKrw), prices.quote('USDT', settings));
        // Beyond any safe integer is beyond any maximum.
        const won = wonForUsdt(usdt, price) ?? Number.MAX_SAFE_INTEGER;
        return placeDeposit(move, member, settings, {
          cashType: 'coinIn', amount: won, bonusYn: 'N', usdtAmount: usdt, priceKrw: price, address: settings.usdtDepositAddress,
        });
      })).answer;
    },

    withdraw(session: LiveSession, payload: z.output<typeof withdrawPayload>) {
      return withdrawal(session, payload, { cashType: 'out', amount: readAmount(payload.amount), priceKrw: null, address: null });
    },

    coinWithdraw(session: LiveSession, payload: z.output<typeof coinWithdrawPayload>) {
      const { amount, priceKrw, address } = payload;
      return withdrawal(session, payload, { cashType: 'coinOut', amount: readAmount(amount), priceKrw: readAmount(priceKrw), address });
    },

    async list(session: LiveSession, payload: z.output<typeof cashListPayload>): Promise<CashList> {
      const window = historyWindow(payload.startDate, payload.endDate, clock.now());
      const { rows, total } = await memberCashPage(db, session.memberId, { ...window, cashType: payload.cashType as CashType | '', page: payload.page });
      return { list: rows.map(cashRequestView), pageInfo: pageInfo(payload.page, total) };
    },

    /**
     * The member's own applied request is cancelled (a withdrawal's hold comes back); their own processed
     * one is hidden from history. Anything else, another member's request included, answers C501 alike.
     */
    async remove(session: LiveSession, payload: z.output<typeof cashDeletePayload>): Promise<{ request: CashRequest; balances: Balances }> {
      const hidden = await hideProcessedRequest(db, payload.requestId, session.memberId);
      const row = hidden ?? (await moveCashRequest(payload.requestId, 'cancel', { ownerId: session.memberId })).row;
      return { request: cashRequestView(row), balances: await getMemberBalances(db, session.memberId) };
    },

    async askAccount(session: LiveSession): Promise<AnswerOf<'getAcc'>> {
      return { inquiry: inquiryView(await openInquiry(db, session.memberId, clock.now())) };
    },

    async accountAnswer(session: LiveSession): Promise<AnswerOf<'accInquiry'>> {
      const row = await latestInquiry(db, session.memberId);
      return { inquiry: row ? inquiryView(row) : null };
    },

    /** The current quote from the price source, when it was set, and the site's deposit address. */
    async coinPrice(symbol: CoinSymbol): Promise<CoinPrice> {
      const settings = await readWalletSettings(db);
      const quote = prices.quote(symbol, settings);
      return { symbol, priceKrw: quote.priceKrw, setAt: quote.setAt.toISOString(), depositAddress: settings.usdtDepositAddress };
    },
  };
}

export type CashService = ReturnType<typeof createCashService>;
