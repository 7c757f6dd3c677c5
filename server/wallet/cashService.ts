/**
 * Member cash calls: deposit and withdrawal requests in won and USDT, the wallet overview, history,
 * cancelling or hiding a request, account inquiries and the USDT price. Every money call goes through
 * the money door (money/door.ts `call`): one transaction that claims the key, locks the member, checks
 * the rules in order and writes the request with its ledger movement; a refusal rolls all of it back.
 */
import type { z } from 'zod';
import type {
  cashDeletePayload, cashListPayload, coinDepositPayload, coinWithdrawPayload, depositPayload, withdrawPayload,
} from '../../contract/walletPayloads';
import { type Balances, type CashList, type CashRequest, type CashType, type CoinPrice, TRC20_ADDRESS_PATTERN } from '../../contract/wallet';
import type { AnswerOf } from '../../contract/calls';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { Failure } from '../failure';
import { type CashOutPasswordCheck, createPasswordChecks } from '../member/passwordChecks';
import { readAmount, requireAmount, usdtForWon, wonForUsdt } from '../money/amounts';
import type { BalancePush } from '../money/balancePush';
import { type KeyedPayload, type Movement, moneyDoor } from '../money/door';
import { getMemberBalances } from '../money/ledger';
import { lockMember, type MemberRow } from '../money/memberLock';
import type { LiveSession } from '../session/service';
import { depositBonus } from './bonus';
import { holdWithdrawal } from './cashLedger';
import type { MoveCashRequest } from './cashMoves';
import {
  type CashRequestRow, cashRequestView, directionOf, hasOpenRequest, hideProcessedRequest, insertCashRequest, withdrawalState,
  memberCashPage, updateCashRequest,
} from './cashQueries';
import {
  checkDepositLimits, checkLockedPrice, checkMayDeposit, checkMayWithdraw, checkRerequestWait,
  checkWithdrawLimits,
} from './cashRules';
import { historyWindow, pageInfo } from './history';
import { type CoinSymbol, operatorPriceSource, type PriceSource } from './priceSource';
import { inquiryView, latestInquiry, openInquiry } from './inquiryQueries';
import { limitsOf, lockMemberWithSettings, readWalletSettings, readWalletSettingsShared, type WalletSettings } from './settings';

export interface CashServiceDeps {
  db: Db;
  clock: Clock;
  balances: BalancePush;
  moveCashRequest: MoveCashRequest;
  prices?: PriceSource;
}

type Deposit = Pick<CashRequestRow, 'cashType' | 'amount' | 'bonusYn' | 'usdtAmount' | 'priceKrw' | 'address'>;
type Withdrawal = Pick<CashRequestRow, 'cashType' | 'amount' | 'usdtAmount' | 'priceKrw' | 'address'>;

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

  /** Writes a request; the partial unique index answers a racing open request with `openCode`. */
  async function insertRequest(move: Movement, member: MemberRow, fields: Deposit | Withdrawal, extra: { bonusAmount?: number }, openCode: 'C003' | 'C209') {
    const row = await insertCashRequest(move.tx, {
      ...fields, ...extra, memberId: member.id, direction: directionOf(fields.cashType), status: 0, createdAt: move.now,
    }, openCode);
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
    return { request: cashRequestView(await insertRequest(move, member, deposit, { bonusAmount }, 'C003')) };
  }

  /** The part every withdrawal shares once amount and payee are checked: open request, wait, password, hold. */
  async function placeWithdrawal(move: Movement, member: MemberRow, settings: WalletSettings, withdrawal: Withdrawal, checkCashOutPassword: CashOutPasswordCheck) {
    const { open, lastAt } = await withdrawalState(move.tx, member.id);
    if (open) throw new Failure('C209');
    checkRerequestWait(lastAt, settings.rerequestWaitMinutes, move.now);
    await checkCashOutPassword(member);
    const row = await insertRequest(move, member, withdrawal, {}, 'C209');
    const posted = await holdWithdrawal(move, row.id, member.id, row.amount);
    const held = await updateCashRequest(move.tx, row.id, { holdTransactionId: posted.transactionId });
    return { request: cashRequestView(held), balances: posted.balances[member.id]! };
  }

  /**
   * A withdrawal checks the cash-out password under its attempt limit (the effect calls the check before
   * any balance rule) and holds money at once, so the member's other tabs hear CASH as soon as it commits.
   */
  async function withdrawalCall<A extends { balances: Balances }>(
    session: LiveSession, call: string, payload: KeyedPayload & { cashOutPass: string },
    effect: (move: Movement, checkCashOutPassword: CashOutPasswordCheck) => Promise<A>,
  ) {
    const { answer, ran } = await passwords.withCashOutPassword(session.memberId, payload.cashOutPass,
      (checkCashOutPassword) => money.call({ memberId: session.memberId, call, payload }, (move) => effect(move, checkCashOutPassword)));
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
      const { amount } = payload;
      return withdrawalCall(session, 'cashOut', payload, async (move, checkCashOutPassword) => {
        const locked = await lockMemberWithSettings(move.tx, session.memberId);
        const member = signedIn(locked.member);
        const settings = locked.settings;
        checkMayWithdraw(member, settings, move.now);
        const won = requireAmount(amount, 'C206');
        checkWithdrawLimits(won, settings);
        return placeWithdrawal(move, member, settings, { cashType: 'out', amount: won, usdtAmount: null, priceKrw: null, address: null }, checkCashOutPassword);
      });
    },

    coinWithdraw(session: LiveSession, payload: z.output<typeof coinWithdrawPayload>) {
      const { amount, priceKrw, address } = payload;
      return withdrawalCall(session, 'coinOut', payload, async (move, checkCashOutPassword) => {
        const member = await lockedMember(move.tx, session);
        const settings = await readWalletSettingsShared(move.tx);
        checkMayWithdraw(member, settings, move.now);
        const won = requireAmount(amount, 'C206');
        checkWithdrawLimits(won, settings);
        const price = checkLockedPrice(readAmount(priceKrw), prices.quote('USDT', settings));
        if (!TRC20_ADDRESS_PATTERN.test(address)) throw new Failure('C802');
        return placeWithdrawal(move, member, settings, {
          cashType: 'coinOut', amount: won, usdtAmount: usdtForWon(won, price), priceKrw: price, address,
        }, checkCashOutPassword);
      });
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
