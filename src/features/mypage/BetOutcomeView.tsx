/**
 * A bet's result in the member's language, from the structured outcome its product stored: a slot's
 * reels and paying lines, a baccarat coup, a fishing shot, an e-sports slip, a refund, a mini game's pick and draw; the
 * vendor's own words only for rounds written before it gave structure.
 */
import type { BaccaratCoup, BetOutcome, EsportSlip, FishingShot, MiniBetOutcome, RefundReason, SlotSpin } from '../../../contract/betting';
import type { SportBetOutcome } from '../../../contract/sports';
import { marketLabelId, selectionLabelId } from '../../../contract/minigames';
import { currentLocale, useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { DrawView, formatOdds, WinnerTags } from '../../ui/MiniDraw';
import { cardText, isRedCard } from '../../ui/playingCard';
import { formatSportOdds, marketName, selectionName, sportLabelId, sportNameIn } from '../../ui/sportLabels';
import { namesIn } from '../../ui/historyLabels';

function SlotView({ spin }: { spin: SlotSpin }) {
  const t = useT();
  const locale = currentLocale();
  const name = (key: string) => (spin.symbols[key] ? namesIn(spin.symbols[key], locale) : key);
  const won = (pay: number) => t('front.money.won', { amount: formatNumber(pay) });
  const rows = spin.grid[0]?.map((_, row) => spin.grid.map((reel) => reel[row] ?? '')) ?? [];
  return (
    <div className="bet-outcome">
      <p className="bet-outcome__line">
        <span className="bet-outcome__label">{t('front.bet.slot.stops')}</span> {spin.stops.join(' · ')}
      </p>
      <div className="bet-reels" role="table" aria-label={t('front.bet.slot.window')}>
        {rows.map((symbols, row) => (
          <div key={row} className="bet-reels__row" role="row">
            {symbols.map((key, reel) => <span key={reel} role="cell" className={`bet-reels__cell bet-reels__cell--${key}`}>{name(key)}</span>)}
          </div>
        ))}
      </div>
      <ul className="bet-outcome__wins" data-testid="bet-slot-wins">
        {spin.lines.map((w) => (
          <li key={w.line}>{t('front.bet.slot.line', { line: w.line, symbol: name(w.symbol), count: w.count, pay: won(w.pay) })}</li>
        ))}
        {spin.scatter && <li>{t('front.bet.slot.scatter', { count: spin.scatter.count, pay: won(spin.scatter.pay) })}</li>}
        {spin.lines.length === 0 && !spin.scatter && <li>{t('front.bet.slot.noWin')}</li>}
      </ul>
    </div>
  );
}

function BaccaratView({ coup }: { coup: BaccaratCoup }) {
  const t = useT();
  const hand = (side: 'player' | 'banker') => (
    <p className="bet-outcome__line" data-testid={`bet-hand-${side}`}>
      <span className="bet-outcome__label">{t(`front.live.${side}`)}</span>{' '}
      {coup[side].map((card, i) => <span key={i} className={`bet-card${isRedCard(card) ? ' bet-card--red' : ''}`}>{cardText(card)}</span>)}
      {' '}({side === 'player' ? coup.playerTotal : coup.bankerTotal})
    </p>
  );
  return (
    <div className="bet-outcome">
      {hand('player')}
      {hand('banker')}
      <p className="bet-outcome__line" data-testid="bet-coup-winner">
        <strong>{t(`front.live.win.${coup.winner}`)}</strong>
        {coup.playerPair && <> · {t('front.bet.playerPair')}</>}
        {coup.bankerPair && <> · {t('front.bet.bankerPair')}</>}
      </p>
    </div>
  );
}

function MiniView({ mini }: { mini: MiniBetOutcome }) {
  const t = useT();
  return (
    <div className="bet-outcome">
      <p className="bet-outcome__line" data-testid="bet-mini-pick">
        <span className="bet-outcome__label">{t('front.bet.pick')}</span>{' '}
        {t(marketLabelId(mini.game, mini.market))} · {t(selectionLabelId(mini.market, mini.selection))} ({formatOdds(mini.oddsCents)})
      </p>
      {mini.draw ? (
        <div className="bet-outcome__draw" data-testid="bet-mini-draw">
          <DrawView game={mini.game} draw={mini.draw} compact={false} />
          <WinnerTags game={mini.game} draw={mini.draw} />
        </div>
      ) : (
        <p className="bet-outcome__line">{t(mini.void ? 'front.bet.roundVoid' : 'front.bet.drawPending')}</p>
      )}
    </div>
  );
}

function FishingView({ shot }: { shot: FishingShot }) {
  const t = useT();
  return (
    <div className="bet-outcome">
      <p className="bet-outcome__line" data-testid="bet-fish-shot">
        <span className="bet-outcome__label">{t('front.bet.fish.target')}</span>{' '}
        {t('front.bet.fish.shot', { fish: namesIn(shot.names, currentLocale()), multiplier: shot.multiplier, wave: shot.waveNo, id: shot.fishId })}
      </p>
      <p className="bet-outcome__line" data-testid="bet-fish-result">
        <strong>{t(shot.caught ? 'front.bet.fish.caught' : 'front.bet.fish.escaped')}</strong>
      </p>
    </div>
  );
}

/** A sports bet: each leg (teams, market and line, pick, odds, result, score), then the odds, bonus and potential payout. */
function SportOutcomeView({ sport }: { sport: SportBetOutcome }) {
  const t = useT();
  const locale = currentLocale();
  return (
    <div className="bet-outcome">
      <table className="bet-legs" data-testid="bet-sport-legs">
        <thead>
          <tr>
            <th scope="col">{t('sport.leg.match')}</th>
            <th scope="col">{t('sport.leg.market')}</th>
            <th scope="col">{t('front.bet.pick')}</th>
            <th scope="col">{t('sport.slip.odds')}</th>
            <th scope="col">{t('sport.leg.result')}</th>
          </tr>
        </thead>
        <tbody>
          {sport.legs.map((leg) => (
            <tr key={leg.marketId + leg.key} data-testid="bet-sport-leg">
              <td>
                <span className="bet-legs__league">{t(sportLabelId(leg.sport))} · {sportNameIn(leg.league, locale)}</span>
                {sportNameIn(leg.home, locale)} vs {sportNameIn(leg.away, locale)}
                {leg.score && <strong className="bet-legs__score"> {leg.score.home}:{leg.score.away}</strong>}
              </td>
              <td>{marketName(t, leg.sport, leg)}{leg.live && <> · {t('sport.live')}</>}</td>
              <td>{selectionName(t, leg, leg.key)}</td>
              <td>{formatSportOdds(leg.oddsCents)}</td>
              <td className={`bet-legs__outcome bet-legs__outcome--${leg.outcome ?? 'wait'}`}>{t(`sport.outcome.${leg.outcome ?? 'wait'}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="bet-outcome__line" data-testid="bet-sport-odds">
        <span className="bet-outcome__label">{t('sport.slip.odds')}</span> {formatSportOdds(sport.oddsCents)}
        {sport.bonusCents > 100 && <> · {t('sport.slip.bonus')} × {formatSportOdds(sport.bonusCents)}</>}
        {' · '}<span className="bet-outcome__label">{t('sport.leg.potential')}</span> {t('front.money.won', { amount: formatNumber(sport.potentialWin) })}
      </p>
    </div>
  );
}

/** An e-sports slip (game 101): each pick with its match, price and result, each match's maps, then the slip's odds. */
function EsportView({ esport }: { esport: EsportSlip }) {
  const t = useT();
  const locale = currentLocale();
  const teamName = (team: EsportSlip['matches'][number]['home']) => namesIn(team.names, locale);
  const pickName = (pick: EsportSlip['picks'][number]) => {
    const match = esport.matches[pick.match]!;
    if (pick.pick === 'home' || pick.pick === 'away') return t('sport.esport.bet.win', { team: teamName(match[pick.pick]) });
    return t(pick.pick === 'two' ? 'sport.esport.bet.twoMaps' : 'sport.esport.bet.threeMaps');
  };
  return (
    <div className="bet-outcome">
      <p className="bet-outcome__line">
        <span className="bet-outcome__label">{t('sport.esport.bet.round', { round: esport.roundNo })}</span>{' '}
        {t(esport.picks.length === 2 ? 'sport.esport.bet.twoFolder' : 'sport.esport.bet.oneFolder')}
      </p>
      <table className="bet-legs" data-testid="bet-esport-picks">
        <thead>
          <tr>
            <th scope="col">{t('sport.leg.match')}</th>
            <th scope="col">{t('front.bet.pick')}</th>
            <th scope="col">{t('sport.slip.odds')}</th>
            <th scope="col">{t('sport.leg.result')}</th>
          </tr>
        </thead>
        <tbody>
          {esport.picks.map((pick) => {
            const match = esport.matches[pick.match]!;
            return (
              <tr key={`${pick.match}-${pick.market}`} data-testid="bet-esport-pick">
                <td>
                  {teamName(match.home)} vs {teamName(match.away)}
                  <strong className="bet-legs__score"> {match.homeMaps}:{match.awayMaps}</strong>
                </td>
                <td>{pickName(pick)}</td>
                <td className="bet-legs__odds">{formatSportOdds(pick.oddsCents)}</td>
                <td className={`bet-legs__outcome bet-legs__outcome--${pick.won ? 'win' : 'lose'}`}>{t(`sport.outcome.${pick.won ? 'win' : 'lose'}`)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {esport.matches.map((match, i) => (
        <p key={i} className="bet-outcome__line" data-testid="bet-esport-maps">
          <span className="bet-outcome__label">{match.home.tag} {match.homeMaps}:{match.awayMaps} {match.away.tag}</span>{' '}
          {match.maps.map((map, n) => t('sport.esport.bet.map', { n: n + 1, team: map.winner === 'home' ? match.home.tag : match.away.tag, home: map.homeKills, away: map.awayKills })).join(' · ')}
        </p>
      ))}
      <p className="bet-outcome__line" data-testid="bet-esport-odds">
        <span className="bet-outcome__label">{t('sport.slip.odds')}</span> {formatSportOdds(esport.oddsCents)}
      </p>
    </div>
  );
}

const REFUND_TEXT: Record<RefundReason, string> = { interrupted: 'front.bet.refund.interrupted', closed: 'front.bet.refund.closed' };

function RefundText({ reason }: { reason: RefundReason }) {
  const t = useT();
  return <p className="bet-outcome__line" data-testid="bet-refund">{t(REFUND_TEXT[reason])}</p>;
}

/** The outcome's words, or null when the product stored none. */
export function BetOutcomeView({ outcome }: { outcome: BetOutcome }) {
  switch (outcome.kind) {
    case 'slot':
      return <SlotView spin={outcome.spin} />;
    case 'baccarat':
      return <BaccaratView coup={outcome.coup} />;
    case 'mini':
      return <MiniView mini={outcome.mini} />;
    case 'sport':
      return <SportOutcomeView sport={outcome.sport} />;
    case 'fishing':
      return <FishingView shot={outcome.shot} />;
    case 'esport':
      return <EsportView esport={outcome.esport} />;
    case 'refund':
      return <RefundText reason={outcome.reason} />;
    case 'text':
      return <span className="bet-detail__mono">{outcome.text}</span>;
    default:
      return null;
  }
}
