/**
 * One finished fixture as the results pages show it (/result/sport and the virtual games screen): the league,
 * the kick-off, the teams and the score (per period), each settled market's winning selection, and the
 * fairness proof with the browser's check.
 */
import type { Sport, SportResultItem, SportResultMarket } from '../../../contract/sports';
import { currentLocale, useT } from '../../i18n';
import { formatDate, formatTime } from '../../i18n/format';
import { marketName, periodName, selectionName, sportLabelId, sportNameIn } from '../../ui/sportLabels';
import { FixtureProof } from './FixtureProof';

function MarketResult({ sport, market }: { sport: Sport; market: SportResultMarket }) {
  const t = useT();
  const entries = Object.entries(market.outcomes);
  const winners = entries.filter(([, outcome]) => outcome === 'win').map(([key]) => selectionName(t, market, key));
  const voided = entries.length > 0 && entries.every(([, outcome]) => outcome === 'void');
  return (
    <li className="sport-result__market" data-testid="result-market">
      <span>{marketName(t, sport, market)}</span>
      {voided ? <strong className="sport-outcome--void">{t('sport.outcome.void')}</strong> : <strong className="sport-outcome--win">{winners.join(', ') || '-'}</strong>}
    </li>
  );
}

export function SportResultRow({ item }: { item: SportResultItem }) {
  const t = useT();
  const locale = currentLocale();
  const { fixture } = item;
  const score = fixture.score;
  return (
    <li className="sport-result" data-testid="sport-result" data-fixture={fixture.fixtureId}>
      <div className="sport-result__head">
        <span>{t(sportLabelId(fixture.sport))} · {sportNameIn(fixture.league.names, locale)}</span>
        <span>{formatDate(fixture.startsAt)} {formatTime(fixture.startsAt)}</span>
        <span className="sport-result__match">{sportNameIn(fixture.home.names, locale)} vs {sportNameIn(fixture.away.names, locale)}</span>
        {score && <strong className="sport-result__score" data-testid="result-score">{score.home} : {score.away}</strong>}
        {score && score.periods.length > 1 && (
          <span>({score.periods.map((period, n) => `${periodName(t, fixture.sport, n + 1)} ${period.home}:${period.away}`).join(', ')})</span>
        )}
        {fixture.status !== 'ended' && <span className="sport-outcome--void">{t(`sport.status.${fixture.status}`)}</span>}
      </div>
      <ul className="sport-result__markets">{item.markets.map((market) => <MarketResult key={market.marketId} sport={fixture.sport} market={market} />)}</ul>
      <FixtureProof item={item} />
    </li>
  );
}
