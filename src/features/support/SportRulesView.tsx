/**
 * The sportsbook's rules as the server enforces them (sportRules: the slip rules and the member's level
 * limits), the same data the slip checks with: /bettingguide/sport and /member/rule show them.
 */
import { SPORTS, type MarketKind, type SlipRules } from '../../../contract/sports';
import { useSportRules } from '../../data/sports';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { formatSportOdds, marketLabelId, sportLabelId } from '../../ui/sportLabels';

function SameFixtureRules({ rules }: { rules: SlipRules }) {
  const t = useT();
  const kinds = (list: readonly MarketKind[]) => list.map((kind) => t(marketLabelId(kind))).join(', ');
  const sports = SPORTS.filter((sport) => (rules.sameFixtureForbidden[sport] ?? []).length > 0);
  if (sports.length === 0) return <p>{t('sport.rules.sameFixtureNone')}</p>;
  return (
    <ul data-testid="rules-same-fixture">
      {sports.flatMap((sport) => rules.sameFixtureForbidden[sport]!.map(([one, other], n) => (
        <li key={`${sport}-${n}`}>{t('sport.rules.sameFixturePair', { sport: t(sportLabelId(sport)), one: kinds(one), other: kinds(other) })}</li>
      )))}
    </ul>
  );
}

export function SportRulesView() {
  const t = useT();
  const read = useSportRules();
  if (read.status !== 'ready') return <p>{t(read.status === 'failed' ? 'sport.failed' : 'sport.loading')}</p>;
  const { rules, limits } = read.data;
  const delays = [...new Set(Object.values(rules.liveDelaySeconds))];
  return (
    <section className="guide-rules" data-testid="sport-rules">
      <h2>{t('sport.rules.title')}</h2>
      <dl className="guide-rules__facts">
        <dt>{t('sport.rules.legs')}</dt><dd data-testid="rules-legs">{t('sport.rules.legsValue', { min: rules.minLegs, max: rules.maxLegs })}</dd>
        <dt>{t('sport.rules.minSingle')}</dt><dd data-testid="rules-min-single">{formatSportOdds(rules.minSingleOddsCents)}</dd>
        <dt>{t('sport.rules.maxOdds')}</dt><dd>{formatSportOdds(rules.maxTotalOddsCents)}</dd>
        <dt>{t('sport.rules.stake')}</dt><dd data-testid="rules-stake">{formatNumber(limits.minStake)} ~ {formatNumber(limits.maxStake)}</dd>
        <dt>{t('sport.rules.maxPayout')}</dt><dd>{t('front.money.won', { amount: formatNumber(limits.maxPayout) })}</dd>
        <dt>{t('sport.rules.liveDelay')}</dt>
        <dd>{delays.length === 1 ? t('sport.rules.seconds', { n: delays[0] }) : SPORTS.map((sport) => `${t(sportLabelId(sport))} ${t('sport.rules.seconds', { n: rules.liveDelaySeconds[sport] })}`).join(', ')}</dd>
        <dt>{t('sport.rules.prematchClose')}</dt>
        <dd>{rules.prematchCloseSeconds > 0 ? t('sport.rules.closeBefore', { n: Math.round(rules.prematchCloseSeconds / 60) }) : t('sport.rules.closeAtStart')}</dd>
      </dl>
      <h3>{t('sport.rules.bonusTitle')}</h3>
      <p>{t('sport.rules.bonusText', { odds: formatSportOdds(rules.folderBonusMinLegOddsCents) })}</p>
      <ul data-testid="rules-bonus">
        {rules.folderBonus.map((step) => <li key={step.legs}>{t('sport.rules.bonusStep', { legs: step.legs, bonus: formatSportOdds(step.bonusCents) })}</li>)}
      </ul>
      <h3>{t('sport.rules.sameFixtureTitle')}</h3>
      <SameFixtureRules rules={rules} />
      <p>{t('sport.rules.sameMarket')}</p>
      <p>{t('sport.rules.liveSingle')}</p>
      <p>{t('sport.rules.priceChange')}</p>
      <p>{t('sport.rules.void')}</p>
    </section>
  );
}
