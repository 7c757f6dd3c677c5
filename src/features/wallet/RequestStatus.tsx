import { useActor } from '@xstate/react';
import { useEffect } from 'react';
import { formatUsdt } from '../../../contract/amounts';
import { CASH_STATUS, CASH_STATUS_NAME, type CashRequest, type CashStatus } from '../../../contract/wallet';
import { removalOf, type RemovalDraft } from '../../../machines/moneyDrafts';
import { inspectOption } from '../../inspector';
import { useCashStatusLogic } from '../../data/cashStatus';
import { isOfflineError } from '../../data/offline';
import { useLatestRequest } from '../../data/queries';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { DateText } from '../../ui/DateText';
import { Money } from '../../ui/Money';
import { MoneyButton } from '../../ui/MoneyButton';
import { OfflineNotice } from '../../ui/OfflineNotice';
import { DIRECTION_TYPES, type Direction } from './directions';

/** The path a request walks (SPEC §4); a cancelled one ends where it was cancelled. */
function StatusTrack({ status }: { status: CashStatus }) {
  const t = useT();
  const last: CashStatus = status === CASH_STATUS.cancelled ? CASH_STATUS.cancelled : CASH_STATUS.complete;
  const path: CashStatus[] = [CASH_STATUS.applied, CASH_STATUS.waiting, last];
  const reached = status === CASH_STATUS.cancelled ? 2 : path.indexOf(status);
  return (
    <ol className="status-track" aria-label={t('front.cash.statusSteps')}>
      {path.map((step, index) => (
        <li
          key={step}
          className={[
            'status-track__step',
            index <= reached && 'status-track__step--reached',
            index === reached && 'status-track__step--current',
            step === CASH_STATUS.cancelled && 'status-track__step--cancelled',
          ].filter(Boolean).join(' ')}
        >
          {t(`front.cash.status.${CASH_STATUS_NAME[step]}`)}
        </li>
      ))}
    </ol>
  );
}

/** The member's cancel of an applied request: the confirmed money action with cash/del. */
function CancelButton({ request }: { request: CashRequest }) {
  const t = useT();
  return (
    <MoneyButton<RemovalDraft>
      kind="cashDel"
      draft={{ requestId: request.requestId, removal: 'cancel' }}
      dialogs={{ confirm: () => ({ messageId: 'front.cash.confirmCancel' }) }}
      variant="danger"
      testId="request-cancel"
      overlay
    >
      {t('front.cash.cancelRequest')}
    </MoneyButton>
  );
}

/** One request, its status followed through the status machine (reads and real-time pushes). */
function RequestCard({ request }: { request: CashRequest }) {
  const t = useT();
  const [snapshot, send] = useActor(useCashStatusLogic(), inspectOption());
  useEffect(() => send({ type: 'cash.statusChanged', request }), [request, send]);

  const shown = snapshot.context.request ?? request;
  const isCoin = shown.cashType === 'coinIn' || shown.cashType === 'coinOut';
  return (
    <article className="request-card" data-testid="latest-request" data-status={shown.status}>
      <header className="request-card__head">
        <span className="request-card__kind">{t(`front.cash.type.${shown.cashType}`)}</span>
        <span className={`status-badge status-badge--${CASH_STATUS_NAME[shown.status]}`} data-testid="latest-request-status">
          {t(`front.cash.status.${CASH_STATUS_NAME[shown.status]}`)}
        </span>
      </header>
      <StatusTrack status={shown.status} />
      <dl className="request-card__facts">
        <div>
          <dt>{t('front.cash.requestAmount')}</dt>
          <dd><Money amount={shown.amount} testId="latest-request-amount" /></dd>
        </div>
        {shown.bonusYn === 'Y' && (shown.cashType === 'in' || shown.cashType === 'coinIn') && (
          <div>
            <dt>{t(shown.status === CASH_STATUS.complete ? 'front.cash.bonusGranted' : 'front.cash.bonusExpected')}</dt>
            <dd><Money amount={shown.bonusAmount} /></dd>
          </div>
        )}
        {isCoin && shown.usdtAmount !== null && shown.priceKrw !== null && (
          <div>
            <dt>{t('front.cash.usdtAmount')}</dt>
            <dd data-testid="latest-request-usdt">
              {t('front.cash.usdtAtPrice', { usdt: formatUsdt(shown.usdtAmount), price: formatNumber(shown.priceKrw) })}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('front.cash.requestedAt')}</dt>
          <dd><DateText value={shown.createdAt} format="monthDayTime" /></dd>
        </div>
        {shown.processedAt && (
          <div>
            <dt>{t('front.cash.processedAt')}</dt>
            <dd><DateText value={shown.processedAt} format="monthDayTime" /></dd>
          </div>
        )}
        {shown.memo && (
          <div>
            <dt>{t('front.cash.memo')}</dt>
            <dd>{shown.memo}</dd>
          </div>
        )}
      </dl>
      {removalOf(shown) === 'cancel' && <CancelButton request={shown} />}
    </article>
  );
}

/** The member's open or most recent request in this direction. */
export function RequestStatus({ direction }: { direction: Direction }) {
  const t = useT();
  const latest = useLatestRequest(DIRECTION_TYPES[direction]);
  return (
    <section className="wallet-panel" aria-labelledby="latest-request-title">
      <h2 className="wallet-panel__title" id="latest-request-title">{t('front.cash.latest')}</h2>
      {latest.data ? (
        // key: a new request gets a status machine of its own.
        <RequestCard key={latest.data.requestId} request={latest.data} />
      ) : latest.status === 'failed' && isOfflineError(latest.error) ? (
        <OfflineNotice />
      ) : (
        <p className="wallet-panel__note" data-testid="latest-request-none">
          {t(latest.status === 'failed' ? 'front.cash.loadFailed' : latest.status === 'loading' ? 'front.loading' : 'front.cash.noRequest')}
        </p>
      )}
    </section>
  );
}
