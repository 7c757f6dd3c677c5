import { selectMember } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { useWalletInfo } from '../../data/queries';
import { currentLocale, useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { Facts } from '../../ui/Facts';
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
    <Facts
      className="stat-grid"
      itemClassName="stat"
      testId="point-status"
      rows={[
        { label: t('front.mypage.heldPoints'), value: <Money amount={member.pointAmt} unit="points" /> },
        { label: t('front.mypage.heldCash'), value: <Money amount={member.cashAmt} /> },
        { label: t('front.mypage.pointRate'), value: t('front.mypage.pointRateValue') },
        { label: t('front.mypage.pointMinimumLabel'), value: t('front.money.points', { amount: formatNumber(pointConvertMinimum(currentLocale())) }) },
        {
          label: t('front.mypage.pointConversion'),
          testId: 'point-conversion-on',
          value:
            available === null
              ? t(wallet.status === 'failed' ? 'front.error.loadFailed' : 'front.loading')
              : t(available ? 'front.mypage.conversionOn' : 'front.mypage.conversionOff'),
        },
      ]}
    />
  );
}
