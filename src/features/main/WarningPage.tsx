import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { selectMaintenanceWindow } from '../../../machines/siteCheck';
import { useSiteCheck } from '../../session/context';
import { useT } from '../../i18n';
import { formatMonthDay, formatTime } from '../../i18n/format';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { Button } from '../../ui/Button';

/** 'MM월 dd일 HH:mm' in Asia/Seoul, worded per language. */
function useWindowText(): (iso: string) => string {
  const t = useT();
  return (iso) => t('front.warning.at', { date: formatMonthDay(iso), time: formatTime(iso) });
}

/** '/warning' (empty layout): the maintenance notice with its window; 'check again' leads home once it is over. */
export function WarningPage() {
  const t = useT();
  const at = useWindowText();
  const navigate = useNavigate();
  const tree = useTree();
  const siteCheck = useSiteCheck();
  const open = useSelector(siteCheck, (snapshot) => snapshot.matches('open'));
  const maintenance = useSelector(siteCheck, selectMaintenanceWindow);
  // Only a check the member asked for leads back home: an INSPECT push lands here with the site still open.
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    if (retrying && open) void navigate({ ...screenLink(tree, 'main'), replace: true });
  }, [retrying, open, navigate, tree]);

  function retry(): void {
    setRetrying(true);
    siteCheck.send({ type: 'siteCheck.sync' });
  }

  return (
    <main className="warning-page" data-testid="maintenance">
      <div className="warning-page__card">
        <span className="warning-page__icon" aria-hidden="true">
          ⚙
        </span>
        <h1>{t('front.warning.title')}</h1>
        <p>{t('front.warning.body')}</p>
        <div className="warning-page__window">
          <span className="warning-page__label">{t('front.warning.window')}</span>
          <strong>
            {maintenance
              ? t('front.warning.range', { start: at(maintenance.startDate), end: at(maintenance.endDate) })
              : t('front.warning.noWindow')}
          </strong>
        </div>
        <Button onClick={retry}>{t('front.warning.retry')}</Button>
      </div>
    </main>
  );
}
