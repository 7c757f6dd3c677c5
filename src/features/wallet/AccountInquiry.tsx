import { useCallback, useRef } from 'react';
import type { AccountInquiry as Inquiry } from '../../../contract/wallet';
import { NETWORK_ERROR_ID, resultCodeOf } from '../../../machines/errors';
import { useAskAccount } from '../../data/accountInquiry';
import { useAccountInquiry } from '../../data/queries';
import { useT } from '../../i18n';
import { showAlert, showConfirm } from '../../ui/alerts';
import { Button } from '../../ui/Button';
import { DateText } from '../../ui/DateText';

/**
 * The account to pay a won deposit into: the member asks (confirm "계좌문의 글을 등록하시겠습니까?", one
 * getAcc call), the operator answers, and the answer is shown here.
 */
export function AccountInquiry() {
  const t = useT();
  const inquiry = useAccountInquiry();
  const askAccount = useAskAccount();
  // Checked synchronously: a double click asks once, before React re-renders the disabled button.
  const busy = useRef(false);

  const ask = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      if (!(await showConfirm({ messageId: 'front.cash.confirmAccountInquiry' }))) return;
      try {
        await askAccount.mutateAsync();
        await showAlert({ messageId: 'front.cash.accountInquiryDone', level: 'agreeart' });
      } catch (error) {
        const code = resultCodeOf(error);
        await showAlert({ messageId: code ? `api.${code}` : NETWORK_ERROR_ID });
      }
    } finally {
      busy.current = false;
    }
  }, [askAccount]);

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
      <Button variant="ghost" data-testid="account-inquiry" disabled={askAccount.isPending} onClick={() => void ask()}>
        {t('front.cash.accountInquiry')}
      </Button>
    </section>
  );
}
