import { selectMember } from '../../../machines/session';
import { useSessionSelector } from '../../app/appContext';
import { useWalletInfo } from '../../data/queries';
import { currentLocale, useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { Money } from '../../ui/Money';
import { pointConvertMinimum } from '../../../contract/constants';

/** The 'change' tab: what a conversion would do now: held points and cash, rate, minimum, on or off. */
export function PointStatus() {
  const t = useT();
  const member = useSessionSelector(selectMember);
  const wallet = useWalletInfo();
  if (!member) return null;
  const available = wallet.status === 'ready' ? wallet.data.limits.pointConversionOn : null;
  return (
    <dl className="stat-grid" data-testid="point-status">
      <div className="stat">
        <dt>{t('front.mypage.heldPoints')}</dt>
        <dd>
          <Money amount={member.pointAmt} unit="points" />
        </dd>
      </div>
      <div className="stat">
        <dt>{t('front.mypage.heldCash')}</dt>
        <dd>
          <Money amount={member.cashAmt} />
        </dd>
      </div>
      <div className="stat">
        <dt>{t('front.mypage.pointRate')}</dt>
        <dd>{t('front.mypage.pointRateValue')}</dd>
      </div>
      <div className="stat">
        <dt>{t('front.mypage.pointMinimumLabel')}</dt>
        <dd>{t('front.money.points', { amount: formatNumber(pointConvertMinimum(currentLocale())) })}</dd>
      </div>
      <div className="stat">
        <dt>{t('front.mypage.pointConversion')}</dt>
        <dd data-testid="point-conversion-on">
          {available === null
            ? t(wallet.status === 'failed' ? 'front.error.loadFailed' : 'front.loading')
            : t(available ? 'front.mypage.conversionOn' : 'front.mypage.conversionOff')}
        </dd>
      </div>
    </dl>
  );
}
