import type { AccountInquiry as Inquiry } from '../../../contract/wallet';
import { useAskAccount } from '../../data/accountInquiry';
import { useAccountInquiry } from '../../data/queries';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { DateText } from '../../ui/DateText';
import { useSendDialogs } from '../../ui/useSendDialogs';

/**
 * The account to pay a won deposit into: the member asks (confirm "계좌문의 글을 등록하시겠습니까?", one
 * getAcc call), the operator answers, and the answer is shown here.
 */
export function AccountInquiry() {
  const t = useT();
  const inquiry = useAccountInquiry();
  // A double click asks once: the sender takes one request at a time.
  const ask = useSendDialogs<null, unknown>(useAskAccount(), {
    confirm: () => ({ messageId: 'front.cash.confirmAccountInquiry' }),
    done: () => ({ messageId: 'front.cash.accountInquiryDone' }),
  });

  const current: Inquiry | null = inquiry.status === 'ready' ? inquiry.data.inquiry : null;
  return (
    <section className="wallet-panel" aria-labelledby="account-title">
      <h2 className="wallet-panel__title" id="account-title">{t('front.cash.accountTitle')}</h2>
      <div className="account-box" data-testid="deposit-account">
        {current?.status === 'answered' && current.answer ? (
          <>
            <p className="account-box__answer" data-testid="deposit-account-answer">{current.answer}</p>
            {current.answeredAt && (
              <p className="wallet-panel__note">
                {t('front.cash.answeredAt')} <DateText value={current.answeredAt} format="monthDayTime" />
              </p>
            )}
          </>
        ) : (
          <p className="wallet-panel__note">
            {t(current?.status === 'waiting' ? 'front.cash.accountWaiting' : 'front.cash.accountNone')}
          </p>
        )}
      </div>
      <Button variant="ghost" data-testid="account-inquiry" disabled={ask.sending} onClick={() => ask.submit(null)}>
        {t('front.cash.accountInquiry')}
      </Button>
    </section>
  );
}
