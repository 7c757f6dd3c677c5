/**
 * The sportsbook's slip (the one bet-slip machine, product 'sport'): its legs with their prices as the
 * feed moves them, the stake and its presets, the folder bonus, the potential payout capped by the
 * member's level, the accept-better-odds switch, the changed-price prompt, a held live bet's "접수 중",
 * and the placed bet. A desktop side panel; on a phone a bar pinned at the bottom opens it as a sheet.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { typedDigits } from '../../../contract/amounts';
import { MINI_PRESETS } from '../../../contract/minigames';
import type { LevelLimits, SlipRules, SportBetPlaced } from '../../../contract/sports';
import { slipHeld, sportSlipFigures, type SlipLeg, type SportSlipRequest } from '../../../machines/betSlip';
import { selectMember } from '../../../machines/session';
import type { SportSlipActor } from '../../data/sports';
import { currentLocale, useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { useTree } from '../../routes/useTree';
import { useSessionSelector } from '../../session/context';
import { AmountInput } from '../../ui/AmountInput';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Money } from '../../ui/Money';
import { formatSportOdds, marketName, selectionName, sportNameIn } from '../../ui/sportLabels';
import { useAlertOnce } from '../../ui/useAlertOnce';
import { MONEY_RETRY_ID, tailOf, useTailDialogs } from '../../ui/useSendDialogs';

/** "울산 vs 전북": a leg's fixture in the member's language. */
function legFixture(leg: SlipLeg, locale: string): string {
  const facts = leg.sport!;
  return `${sportNameIn(facts.home, locale)} vs ${sportNameIn(facts.away, locale)}`;
}

function LegRow({ leg, onRemove, disabled }: { leg: SlipLeg; onRemove(): void; disabled: boolean }) {
  const t = useT();
  const facts = leg.sport!;
  const locale = currentLocale();
  return (
    <li className={`sport-slip__leg${facts.stopped ? ' sport-slip__leg--stopped' : ''}`} data-testid="slip-leg">
      <div className="sport-slip__legtop">
        <span className="sport-slip__fixture">{legFixture(leg, locale)}</span>
        <button type="button" className="sport-slip__remove" onClick={onRemove} disabled={disabled} aria-label={t('sport.slip.remove')}>×</button>
      </div>
      <span className="sport-slip__market">{marketName(t, facts.sport, facts)}{facts.live && <em className="sport-live-tag">{t('sport.live')}</em>}</span>
      <div className="sport-slip__legbottom">
        <strong>{selectionName(t, facts, facts.key)}</strong>
        <span className={`sport-slip__odds${facts.moved ? ` sport-slip__odds--${facts.moved}` : ''}`} data-testid="slip-leg-odds">
          {facts.stopped ? t('sport.locked') : formatSportOdds(leg.oddsCents)}
        </span>
      </div>
    </li>
  );
}

/** The changed prices of the prompt: "울산 승 1.85 → 1.80". */
function changedPrices(request: SportSlipRequest | null, legs: readonly SlipLeg[], t: ReturnType<typeof useT>): string {
  const sent = new Map(request?.legs.map((leg) => [leg.selectionId, leg.oddsCents]));
  return legs
    .filter((leg) => sent.get(leg.selection) !== leg.oddsCents)
    .map((leg) => `${selectionName(t, leg.sport!, leg.sport!.key)} ${formatSportOdds(sent.get(leg.selection) ?? leg.oddsCents)} → ${formatSportOdds(leg.oddsCents)}`)
    .join(', ');
}

export function SportSlip({ actor, rules, limits }: { actor: SportSlipActor; rules: SlipRules | null; limits: LevelLimits | null }) {
  const t = useT();
  const tree = useTree();
  const snapshot = useSelector(actor, (current) => current);
  const send = actor.send;
  const cash = useSessionSelector((session) => selectMember(session)?.cashAmt ?? 0);
  const { legs, stake, acceptBetterOdds, notice } = snapshot.context;
  const placed = snapshot.context.placed as SportBetPlaced | null;
  const request = snapshot.context.request as SportSlipRequest | null;
  const figures = sportSlipFigures(legs, stake, rules, limits?.maxPayout ?? null);
  const editing = snapshot.matches('editing');

  const tail = tailOf(snapshot);
  const phase = useTailDialogs<SportSlipRequest>(tail, {
    confirm: (sent) => ({ messageId: 'sport.slip.confirm', values: { legs: sent.legs.length, amount: formatNumber(sent.stake) } }),
    retry: MONEY_RETRY_ID,
  });
  const held = slipHeld(snapshot, phase);
  useAlertOnce(snapshot.matches('pickRefused') ? `pick:${notice}` : null, { messageId: notice ?? '' }, () => send({ type: 'slip.dismiss' }));
  useAlertOnce(
    snapshot.matches('repriced') ? `repriced:${JSON.stringify(legs.map((leg) => [leg.selection, leg.oddsCents]))}` : null,
    { messageId: 'sport.slip.priceChanged', values: { prices: changedPrices(request, legs, t) }, confirm: true },
    (ok) => send({ type: ok ? 'slip.confirmPrices' : 'slip.dismiss' }),
  );
  useAlertOnce(snapshot.matches('placed') ? `placed:${placed?.betId}` : null, {
    level: 'agreeart', messageId: 'sport.slip.placed', values: { amount: formatNumber(placed?.potentialWin ?? 0) },
  }, () => send({ type: 'slip.again' }));

  // A phone's slip is a sheet over the page, opened from the bar pinned to the bottom; a placed bet closes it.
  const [sheet, setSheet] = useState(false);
  const placedId = placed?.betId;
  useEffect(() => { if (placedId !== undefined) setSheet(false); }, [placedId]);

  const body = (
    <>
      {legs.length === 0 ? <p className="sport-slip__hint" data-testid="slip-empty">{t('sport.slip.choose')}</p> : (
        <ul className="sport-slip__legs">
          {legs.map((leg) => <LegRow key={leg.selection} leg={leg} disabled={!editing} onRemove={() => send({ type: 'slip.pick', leg })} />)}
        </ul>
      )}
      <div className="field">
        <label className="sport-slip__label" htmlFor="sport-slip-amount">{t('mini.slip.amount')}</label>
        <AmountInput
          id="sport-slip-amount" name="amount" digits={stake > 0 ? String(stake) : ''}
          onDigits={(digits) => send({ type: 'slip.stake', stake: Number(typedDigits(digits) || 0) })} placeholder={t('mini.slip.amountPlaceholder')}
        />
      </div>
      <div className="sport-slip__presets">
        {MINI_PRESETS.map((preset) => (
          <Button key={preset} variant="ghost" size="sm" onClick={() => send({ type: 'slip.add', amount: preset, max: limits?.maxStake ?? 0 })} data-testid={`sport-preset-${preset}`}>
            {t('mini.slip.preset', { man: preset / 10_000 })}
          </Button>
        ))}
        <Button variant="ghost" size="sm" onClick={() => send({ type: 'slip.stake', stake: Math.min(cash, limits?.maxStake || cash) })}>{t('mini.slip.all')}</Button>
        <Button variant="ghost" size="sm" onClick={() => send({ type: 'slip.clear' })}>{t('mini.slip.clear')}</Button>
      </div>
      <label className="sport-slip__switch">
        <input type="checkbox" checked={acceptBetterOdds} onChange={(event) => send({ type: 'slip.acceptBetter', on: event.target.checked })} data-testid="slip-accept-better" />
        {t('sport.slip.acceptBetter')}
      </label>
      <dl className="sport-slip__facts">
        <dt>{t('sport.slip.folders')}</dt><dd data-testid="slip-folders">{legs.length}</dd>
        <dt>{t('sport.slip.odds')}</dt><dd data-testid="slip-odds">{formatSportOdds(figures.oddsCents)}</dd>
        {figures.bonusCents > 100 && (<><dt>{t('sport.slip.bonus')}</dt><dd data-testid="slip-bonus">× {formatSportOdds(figures.bonusCents)}</dd></>)}
        <dt>{t('sport.slip.totalOdds')}</dt><dd>{formatSportOdds(figures.totalOddsCents)}</dd>
        <dt>{t('front.header.cash')}</dt><dd><Money amount={cash} /></dd>
        {limits && (<><dt>{t('mini.slip.limits')}</dt><dd>{formatNumber(limits.minStake)} ~ {formatNumber(limits.maxStake)}</dd></>)}
        <dt>{t('mini.slip.payout')}</dt>
        <dd data-testid="slip-payout"><Money amount={figures.payout} />{figures.capped && <small className="sport-slip__cap">{t('sport.slip.capped')}</small>}</dd>
      </dl>
      {held && <p className="sport-slip__held" role="status" data-testid="slip-held">{t('sport.slip.held')}</p>}
      <Button size="lg" block disabled={!editing} onClick={() => send({ type: 'slip.submit', open: true })} data-testid="slip-submit">
        {held ? t('sport.slip.held') : t('mini.slip.submit')}
      </Button>
    </>
  );

  if (tree === 'phone') {
    const first = legs[0];
    return (
      <>
        <button type="button" className={`sport-slipbar${first ? ' sport-slipbar--picked' : ''}`} onClick={() => setSheet(true)} data-testid="slip-bar" aria-haspopup="dialog">
          <span className="sport-slipbar__title">{t('mini.slip.title')}{legs.length > 0 && <span className="sport-slipbar__count">{legs.length}</span>}</span>
          <span className="sport-slipbar__pick">
            {first ? `${t('sport.slip.odds')} ${formatSportOdds(figures.totalOddsCents)}` : t('sport.slip.choose')}
          </span>
          {figures.payout > 0 && <Money amount={figures.payout} className="sport-slipbar__payout" />}
        </button>
        {(sheet || held) && (
          <Modal title={t('mini.slip.title')} onClose={() => setSheet(false)} closeLabel={t('front.modal.close')} testId="bet-slip" className="sport-sheet">
            <div className="sport-sheet__body sport-slip">{body}</div>
          </Modal>
        )}
      </>
    );
  }
  return (
    <aside className="sport-slip sport-slip--panel" aria-label={t('mini.slip.title')} data-testid="bet-slip">
      <h2 className="sport-slip__title">{t('mini.slip.title')}</h2>
      {body}
    </aside>
  );
}
