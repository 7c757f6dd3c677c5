import { useCallback, useRef, useState } from 'react';
import type { AccountInquiry as Inquiry } from '../../../contract/wallet';
import { callApi } from '../../api/client';
import { useT } from '../../i18n';
import { showAlert, showConfirm } from '../../ui/alerts';
import { Button } from '../../ui/Button';
import { DateText } from '../../ui/DateText';
import { useLoad } from '../../ui/useLoad';
import { cashErrorId } from '../../../machines/cashRequest';

/**
 * The account to pay a won deposit into: the member asks (confirm "계좌문의 글을 등록하시겠습니까?", one
 * getAcc call), the operator answers, and the answer is shown here.
 */
export function AccountInquiry() {
  const t = useT();
  const [reads, setReads] = useState(0);
  const inquiry = useLoad(() => callApi('accInquiry', {}), [reads]);
  const busy = useRef(false);
  const [asking, setAsking] = useState(false);

  const ask = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setAsking(true);
    try {
      if (!(await showConfirm({ messageId: 'front.cash.confirmAccountInquiry' }))) return;
      try {
        await callApi('getAcc', {});
        await showAlert({ messageId: 'front.cash.accountInquiryDone', level: 'agreeart' });
      } catch (error) {
        await showAlert({ messageId: cashErrorId(error) });
      }
      setReads((count) => count + 1);
    } finally {
      busy.current = false;
      setAsking(false);
    }
  }, []);

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
      <Button variant="ghost" data-testid="account-inquiry" disabled={asking} onClick={() => void ask()}>
        {t('front.cash.accountInquiry')}
      </Button>
    </section>
  );
}
