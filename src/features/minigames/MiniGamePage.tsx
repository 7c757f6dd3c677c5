/**
 * One mini game (SPEC §2 /minigame/powerball and its siblings; on a phone /member/minigame/...): the
 * round board (round, countdown to the cutoff on the server's clock, the commitment), the latest draw
 * (animated when it arrives), the results strip, the markets with their odds, the bet slip and the
 * member's bets. The board follows the game's real-time feed (src/data/minigames.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { typedDigits } from '../../../contract/amounts';
import {
  gameLabelId, type Market, MARKETS, marketLabelId, type MiniBet, type MiniBoard, type MiniGame, MINI_PRESETS, payoutOf, selectionLabelId,
} from '../../../contract/minigames';
import { slipOddsCents, type MiniSlipRequest, type SlipLeg } from '../../../machines/betSlip';
import { selectMember } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { useBetSlipActor, useMiniBoard } from '../../data/minigames';
import { useT } from '../../i18n';
import { formatNumber, formatTime } from '../../i18n/format';
import { useTree } from '../../routes/useTree';
import { AmountInput } from '../../ui/AmountInput';
import { Button } from '../../ui/Button';
import { DrawView, formatOdds, WinnerTags } from '../../ui/MiniDraw';
import { Modal } from '../../ui/Modal';
import { Money } from '../../ui/Money';
import { useAlertOnce } from '../../ui/useAlertOnce';
import { MONEY_RETRY_ID, tailOf, useTailDialogs } from '../../ui/useSendDialogs';
import { countdown, GameTabs, HEADLINE, ResultStrip, roundPhase, useServerNow } from './parts';

function RoundBoard({ board, now }: { board: MiniBoard; now: number }) {
  const t = useT();
  const { round } = board;
  const phase = board.paused ? 'paused' : roundPhase(round, now);
  const latest = board.recent[0] ?? null;
  // The draw animates once, when a round drawn while watching arrives.
  const seen = useRef<number | null>(null);
  const [animated, setAnimated] = useState<number | null>(null);
  useEffect(() => {
    if (!latest) return;
    if (seen.current !== null && seen.current !== latest.roundId) setAnimated(latest.roundId);
    seen.current = latest.roundId;
  }, [latest]);
  return (
    <section className="mini-board" data-testid="mini-board" data-phase={phase}>
      <div className="mini-board__round">
        <span className="mini-board__label">{t('mini.board.round')}</span>
        <strong className="mini-board__no" data-testid="mini-round-no">{round ? t('mini.round.no', { no: round.roundNo }) : '-'}</strong>
        {round && <span className="mini-board__day">{round.day} · {t('mini.board.drawAt', { time: formatTime(round.drawsAt) })}</span>}
      </div>
      <div className={`mini-board__clock mini-board__clock--${phase}`}>
        <span className="mini-board__phase" data-testid="mini-phase">{t(`mini.phase.${phase}`)}</span>
        {round && phase === 'betting' && <strong className="mini-board__count" data-testid="mini-countdown">{countdown(round.closesAt, now)}</strong>}
        {round && phase === 'closed' && <strong className="mini-board__count">{countdown(round.drawsAt, now)}</strong>}
      </div>
      <div className="mini-board__latest">
        <span className="mini-board__label">{latest ? t('mini.board.latest', { no: latest.roundNo }) : t('mini.board.noResults')}</span>
        {latest?.draw && <DrawView game={board.game} draw={latest.draw} animate={animated === latest.roundId} key={latest.roundId} />}
        {latest?.draw && <WinnerTags game={board.game} draw={latest.draw} markets={HEADLINE[board.game]} />}
      </div>
      {round && (
        <p className="mini-board__proof" title={round.seedHash}>
          {t('mini.board.commit')} <code>{round.seedHash.slice(0, 16)}…</code>
        </p>
      )}
    </section>
  );
}

function Markets({ game, board, legs, open, onPick }: {
  game: MiniGame; board: MiniBoard; legs: readonly SlipLeg[]; open: boolean;
  onPick(leg: SlipLeg): void;
}) {
  const t = useT();
  return (
    <section className="mini-markets" aria-label={t('mini.markets.title')}>
      {(MARKETS[game] as readonly Market<unknown>[]).map((market) => (
        <div key={market.id} className="mini-market" data-testid={`market-${market.id}`}>
          <h3 className="mini-market__title">{t(marketLabelId(game, market.id))}</h3>
          <div className={`mini-market__picks mini-market__picks--${market.selections.length}`}>
            {market.selections.map((selection) => {
              const odds = board.odds[market.id]?.[selection.id] ?? 0;
              const chosen = legs.some((leg) => leg.market === market.id && leg.selection === selection.id);
              return (
                <button
                  key={selection.id}
                  type="button"
                  className={`mini-pick mini-pick--${selection.id}${chosen ? ' mini-pick--chosen' : ''}`}
                  aria-pressed={chosen}
                  disabled={!open}
                  data-testid={`pick-${market.id}-${selection.id}`}
                  onClick={() => onPick({ market: market.id, selection: selection.id, oddsCents: odds })}
                >
                  <span className="mini-pick__name">{t(selectionLabelId(market.id, selection.id))}</span>
                  <span className="mini-pick__odds">{formatOdds(odds)}</span>
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </section>
  );
}

type Slip = ReturnType<typeof useBetSlipActor>;

function BetSlip({ game, board, now, slip }: { game: MiniGame; board: MiniBoard; now: number; slip: Slip }) {
  const t = useT();
  const cash = useSessionSelector((snapshot) => selectMember(snapshot)?.cashAmt ?? 0);
  const [snapshot, send] = slip;
  const { legs, stake } = snapshot.context;
  // A mini slip's taken bet is a mini-game bet.
  const placed = snapshot.context.placed as MiniBet | null;
  // A mini game's slip takes one leg.
  const pick = legs[0] ?? null;
  const tree = useTree();
  const open = !board.paused && roundPhase(board.round, now) === 'betting';
  const roundId = board.round?.roundId ?? null;
  useEffect(() => send({ type: 'slip.round', roundId }), [roundId, send]);

  const label = (leg: SlipLeg) => `${t(marketLabelId(game, leg.market))} · ${t(selectionLabelId(leg.market, leg.selection))}`;
  useTailDialogs<MiniSlipRequest>(tailOf(snapshot), {
    confirm: (request) => ({
      messageId: 'mini.slip.confirm',
      values: { pick: request.legs.map(label).join(', '), amount: formatNumber(request.stake), round: board.round?.roundNo ?? '' },
    }),
    retry: MONEY_RETRY_ID,
  });
  useAlertOnce(snapshot.matches('placed') ? `placed:${placed?.betId}` : null, { level: 'agreeart', messageId: 'mini.slip.placed', values: { round: placed?.roundNo ?? '' } }, () =>
    send({ type: 'slip.again' }));

  const placedId = placed?.betId;
  // A phone's slip is a sheet over the page, opened from the bar pinned to the bottom; a placed bet closes it.
  const [sheet, setSheet] = useState(false);
  useEffect(() => { if (placedId !== undefined) setSheet(false); }, [placedId]);
  const payout = legs.length > 0 ? payoutOf(stake, slipOddsCents(legs)) : 0;

  const body = (
    <>
      <div className="mini-slip__pick" data-testid="slip-pick">
        {pick ? (
          <>
            <span>{label(pick)}</span>
            <strong className="mini-slip__odds">{formatOdds(pick.oddsCents)}</strong>
          </>
        ) : <span className="mini-slip__hint">{t('mini.slip.choose')}</span>}
      </div>
      <div className="field">
        <label className="mini-slip__label" htmlFor={`slip-amount-${game}`}>{t('mini.slip.amount')}</label>
        <AmountInput id={`slip-amount-${game}`} name="amount" digits={stake > 0 ? String(stake) : ''} onDigits={(digits) => send({ type: 'slip.stake', stake: Number(typedDigits(digits) || 0) })} placeholder={t('mini.slip.amountPlaceholder')} />
      </div>
      <div className="mini-slip__presets">
        {MINI_PRESETS.map((preset) => (
          <Button key={preset} variant="ghost" size="sm" onClick={() => send({ type: 'slip.add', amount: preset, max: board.limits.max })} data-testid={`preset-${preset}`}>
            {t('mini.slip.preset', { man: preset / 10_000 })}
          </Button>
        ))}
        <Button variant="ghost" size="sm" onClick={() => send({ type: 'slip.stake', stake: cash })}>{t('mini.slip.all')}</Button>
        <Button variant="ghost" size="sm" onClick={() => send({ type: 'slip.clear' })}>{t('mini.slip.clear')}</Button>
      </div>
      <dl className="mini-slip__facts">
        <dt>{t('front.header.cash')}</dt><dd><Money amount={cash} /></dd>
        <dt>{t('mini.slip.limits')}</dt><dd>{formatNumber(board.limits.min)} ~ {formatNumber(board.limits.max)}</dd>
        <dt>{t('mini.slip.payout')}</dt><dd data-testid="slip-payout"><Money amount={payout} /></dd>
      </dl>
      <Button size="lg" block disabled={!snapshot.matches('editing')} onClick={() => send({ type: 'slip.submit', open })} data-testid="slip-submit">
        {open ? t('mini.slip.submit') : t('mini.phase.closed')}
      </Button>
    </>
  );

  if (tree === 'phone') {
    return (
      <>
        <button type="button" className={`mini-slipbar${pick ? ' mini-slipbar--picked' : ''}`} onClick={() => setSheet(true)} data-testid="slip-bar" aria-haspopup="dialog">
          <span className="mini-slipbar__title">{t('mini.slip.title')}{legs.length > 0 && <span className="mini-slipbar__count">{legs.length}</span>}</span>
          <span className="mini-slipbar__pick">{pick ? `${label(pick)} ${formatOdds(pick.oddsCents)}` : t('mini.slip.choose')}</span>
          {payout > 0 && <Money amount={payout} className="mini-slipbar__payout" />}
        </button>
        {sheet && (
          <Modal title={t('mini.slip.title')} onClose={() => setSheet(false)} closeLabel={t('front.modal.close')} testId="bet-slip" className="mini-sheet">
            <div className="mini-sheet__body">{body}</div>
          </Modal>
        )}
      </>
    );
  }
  return (
    <aside className="mini-slip" aria-label={t('mini.slip.title')} data-testid="bet-slip">
      <h2 className="mini-slip__title">{t('mini.slip.title')}</h2>
      {body}
    </aside>
  );
}

const STATUS_ID: Record<MiniBet['status'], string> = { wait: 'mini.bet.wait', win: 'mini.bet.win', lose: 'mini.bet.lose', cancel: 'mini.bet.cancel' };

function MyBets({ game, bets }: { game: MiniGame; bets: MiniBet[] }) {
  const t = useT();
  return (
    <section className="mini-mybets" aria-label={t('mini.myBets.title')}>
      <h2 className="mini-section-title">{t('mini.myBets.title')}</h2>
      {bets.length === 0 ? <p className="mini-empty">{t('mini.myBets.none')}</p> : (
        <ul className="mini-mybets__list" data-testid="my-bets">
          {bets.map((bet) => (
            <li key={bet.betId} className={`mini-mybet mini-mybet--${bet.status}`} data-testid="my-bet">
              <span className="mini-mybet__round">{t('mini.round.no', { no: bet.roundNo })}</span>
              <span className="mini-mybet__pick">{t(marketLabelId(game, bet.market))} · {t(selectionLabelId(bet.market, bet.selection))} <em>{formatOdds(bet.oddsCents)}</em></span>
              <Money amount={bet.stake} className="mini-mybet__stake" />
              <span className={`mini-mybet__status mini-mybet__status--${bet.status}`} data-testid="my-bet-status">{t(STATUS_ID[bet.status])}</span>
              <Money amount={bet.win} className="mini-mybet__win" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function MiniGamePage({ game }: { game: MiniGame }) {
  const t = useT();
  const { board, offset } = useMiniBoard(game);
  const now = useServerNow(offset);
  const slip = useBetSlipActor(game);
  const [snapshot, send] = slip;
  if (board.status !== 'ready') {
    return (
      <section className="mini-page">
        <GameTabs current={game} />
        <p className="mini-empty">{board.status === 'failed' ? t('mini.board.failed') : t('mini.board.loading')}</p>
      </section>
    );
  }
  const data = board.data;
  const open = !data.paused && roundPhase(data.round, now) === 'betting';
  return (
    <section className="mini-page" data-testid={`mini-page-${game}`}>
      <GameTabs current={game} />
      <h1 className="section-title">{t(gameLabelId(game))}</h1>
      <RoundBoard board={data} now={now} />
      <ResultStrip game={game} rounds={data.recent} />
      <div className="mini-play">
        <Markets
          game={game} board={data} open={open} legs={snapshot.context.legs}
          onPick={(leg) => send({ type: 'slip.pick', leg })}
        />
        <BetSlip game={game} board={data} now={now} slip={slip} />
      </div>
      <MyBets game={game} bets={data.myBets} />
    </section>
  );
}

export const PowerballPage = () => <MiniGamePage game="powerball" />;
export const PowerladderPage = () => <MiniGamePage game="powerladder" />;
export const SpeedkinoPage = () => <MiniGamePage game="speedkino" />;
export const KinoladderPage = () => <MiniGamePage game="kinoladder" />;
