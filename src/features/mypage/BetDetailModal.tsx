import { Link } from '@tanstack/react-router';
import { betResult } from '../../../contract/betting';
import { useBetDetail } from '../../data/queries';
import { currentLocale, hasMessage, useT } from '../../i18n';
import { DateTimeText } from '../../ui/DateTimeText';
import { Modal } from '../../ui/Modal';
import { Money } from '../../ui/Money';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { roundVerifySearch } from '../../routes/verifyLinks';
import { BET_RESULT_LABEL, namesIn } from '../../ui/historyLabels';
import { BetOutcomeView } from './BetOutcomeView';

/**
 * One bet with its outcome and fairness proof: the server seed's hash was published before the round,
 * the seed is revealed after it (a slot's or fishing shot's when the member rotates their seed in the
 * game window), so anyone can recompute the hash and the outcome; a revealed spin or shot links to the verifier.
 */
export function BetDetailModal({ betId, onClose }: { betId: string; onClose: () => void }) {
  const t = useT();
  const detail = useBetDetail(betId);
  const locale = currentLocale();
  const tree = useTree();
  let body;
  if (detail.status === 'loading') body = <p className="panel-note">{t('front.loading')}</p>;
  else if (detail.status === 'failed') body = <p className="panel-note panel-note--error">{t('front.error.loadFailed')}</p>;
  else {
    const bet = detail.data;
    const result = betResult(bet);
    const { proof } = bet;
    const seedPaired = bet.groupKey === 'slot' || bet.groupKey === 'fishing';
    const verifySearch = roundVerifySearch(bet);
    body = (
      <>
        <dl className="bet-detail" data-testid="bet-detail">
          <dt>{t('front.bet.col.date')}</dt>
          <dd><DateTimeText value={bet.date} /></dd>
          <dt>{t('front.bet.col.company')}</dt>
          <dd>{namesIn(bet.company, locale)}</dd>
          <dt>{t('front.bet.col.game')}</dt>
          <dd>{namesIn(bet.gameName, locale)}</dd>
          <dt>{t('front.bet.round')}</dt>
          <dd className="bet-detail__mono">{bet.roundId}</dd>
          <dt>{t('front.bet.col.cash')}</dt>
          <dd><Money amount={bet.cash} /></dd>
          <dt>{t('front.bet.col.winCash')}</dt>
          <dd><Money amount={bet.winCash} /></dd>
          <dt>{t('front.bet.col.status')}</dt>
          <dd><span className={`bet-status bet-status--${result}`} data-testid="bet-detail-status">{t(BET_RESULT_LABEL[result])}</span></dd>
          {bet.outcome.kind !== 'none' && (
            <>
              <dt>{t('front.bet.outcome')}</dt>
              <dd data-testid="bet-outcome"><BetOutcomeView outcome={bet.outcome} /></dd>
            </>
          )}
        </dl>
        <section className="bet-proof" data-testid="bet-proof">
          <h3>{t('front.bet.proofTitle')}</h3>
          {proof ? (
            <dl className="bet-detail">
              <dt>{t('front.bet.seedHash')}</dt>
              <dd className="bet-detail__mono" data-testid="bet-seed-hash">{proof.serverSeedHash}</dd>
              <dt>{t('front.bet.seed')}</dt>
              <dd className="bet-detail__mono" data-testid="bet-seed">{proof.serverSeed ?? t(seedPaired ? 'front.bet.seedOnRotate' : 'front.bet.seedHidden')}</dd>
              <dt>{t('front.bet.clientSeed')}</dt>
              <dd className="bet-detail__mono">{proof.clientSeed}</dd>
              <dt>{t('front.bet.nonce')}</dt>
              <dd className="bet-detail__mono" data-testid="bet-nonce">{proof.nonce}</dd>
            </dl>
          ) : (
            <p className="panel-note">{t('front.bet.noProof')}</p>
          )}
          {verifySearch && <Link {...screenLink(tree, 'miniVerify', {}, verifySearch)} className="bet-proof__verify" data-testid="bet-verify">{t('front.bet.verify')}</Link>}
          {proof && <p className="bet-proof__help">{t(proof.verifyHelp && hasMessage(proof.verifyHelp) ? proof.verifyHelp : 'front.bet.verifyHelp')}</p>}
        </section>
      </>
    );
  }
  return (
    <Modal title={t('front.bet.detailTitle')} onClose={onClose} closeLabel={t('front.modal.close')} testId="bet-detail-modal" className="bet-detail-modal">
      {body}
    </Modal>
  );
}
