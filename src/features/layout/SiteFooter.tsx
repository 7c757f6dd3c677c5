import { useSiteOption } from '../../data/siteReads';
import { useT } from '../../i18n';
import { Helpline } from '../../ui/Helpline';

function isWebLink(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** Footer with the helpline (member protection) and the social link from /api/etc/siteOption (shown only when it is a web address). */
export function SiteFooter() {
  const t = useT();
  const options = useSiteOption();
  const sns = options.status === 'ready' ? options.data.siteOption.sns2Link : '';
  return (
    <footer className="site-footer">
      <p className="site-footer__notice">{t('front.footer.notice')}</p>
      <Helpline />
      {isWebLink(sns) && (
        <a className="site-footer__sns" href={sns} target="_blank" rel="noopener noreferrer" data-testid="footer-sns">
          {t('front.footer.sns')}
        </a>
      )}
      <p className="site-footer__copy">{t('front.footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
