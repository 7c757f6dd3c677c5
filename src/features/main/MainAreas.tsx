/**
 * The main page's areas that are not games (SPEC §2): operator banners, popups a visitor may close for
 * 24 hours (src/pwa/popupMarkers, read by the page and the service worker), the best withdrawals of
 * the day and the week, the live deposit and withdrawal feed, and the latest notices. Operator text is
 * shown as text; links go to a site path or an https address only (the server checks both).
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import type { Banner, CashBoardEntry, CashFeedEntry } from '../../../contract/community';
import { useBanners, useLiveCashFeed, useMainCashList, useMainNotices, usePopups } from '../../data/mainPage';
import { useT } from '../../i18n';
import { operatorLinkTarget } from '../../routes/operatorLink';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { DateText } from '../../ui/DateText';
import { Money } from '../../ui/Money';

/** A banner's or popup's link: the screen it names, on this tree's own path, or an https address in a new tab. */
function BannerLink({ banner, children }: { banner: Banner; children: ReactNode }) {
  const target = operatorLinkTarget(banner.link, useTree());
  if (!target) return <>{children}</>;
  if (target.external) return <a href={target.href} target="_blank" rel="noopener noreferrer" data-testid="banner-link">{children}</a>;
  return <Link {...target.link} data-testid="banner-link">{children}</Link>;
}

export function BannerArea() {
  const banners = useBanners();
  if (banners.status !== 'ready' || banners.data.list.length === 0) return null;
  return (
    <section className="main-banners" data-testid="main-banners">
      {banners.data.list.map((banner) => (
        <BannerLink key={banner.bannerIdx} banner={banner}>
          <figure className="main-banner">
            {banner.imageUrl && <img src={banner.imageUrl} alt="" />}
            <figcaption>{banner.title}</figcaption>
          </figure>
        </BannerLink>
      ))}
    </section>
  );
}

// The markers (and idb-keyval) load only when the operator has a popup up.
const popupMarkers = () => import('../../pwa/popupMarkers');

/**
 * The operator's popups not closed in the last 24 hours on this device: side by side on a desktop, one at
 * a time across the screen on a phone (the next shows once it is closed). Each keeps its buttons inside.
 */
export function PopupArea() {
  const t = useT();
  const tree = useTree();
  const popups = usePopups();
  const [open, setOpen] = useState<Banner[]>([]);
  const list = popups.status === 'ready' ? popups.data.list : null;
  useEffect(() => {
    if (!list || list.length === 0) return;
    let current = true;
    void popupMarkers().then(({ markClosedPopups }) => markClosedPopups(list))
      .then((marked) => { if (current) setOpen(marked.filter((popup) => !popup.isClose)); });
    return () => { current = false; };
  }, [list]);
  const close = (bannerIdx: number, forADay: boolean) => {
    if (forADay) void popupMarkers().then(({ closePopupFor24h }) => closePopupFor24h(bannerIdx));
    setOpen((shown) => shown.filter((popup) => popup.bannerIdx !== bannerIdx));
  };
  if (open.length === 0) return null;
  return (
    <div className={`main-popups main-popups--${tree}`}>
      {(tree === 'phone' ? open.slice(0, 1) : open).map((popup) => (
        <div key={popup.bannerIdx} className="main-popup" role="dialog" aria-label={popup.title} data-testid="main-popup">
          <div className="main-popup__body">
            <BannerLink banner={popup}>
              {popup.imageUrl && <img src={popup.imageUrl} alt="" />}
              <p className="main-popup__title">{popup.title}</p>
            </BannerLink>
          </div>
          <div className="main-popup__actions">
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => close(popup.bannerIdx, true)} data-testid="popup-close-day">{t('front.main.popupCloseDay')}</button>
            <button type="button" className="btn btn--gold btn--sm" onClick={() => close(popup.bannerIdx, false)} data-testid="popup-close">{t('front.main.popupClose')}</button>
          </div>
        </div>
      ))}
    </div>
  );
}

function Ranking({ titleId, list, testId }: { titleId: string; list: CashBoardEntry[]; testId: string }) {
  const t = useT();
  return (
    <section className="main-card" data-testid={testId}>
      <h2 className="section-title">{t(titleId)}</h2>
      {list.length === 0 ? <p className="panel-note">{t('front.main.noRecords')}</p> : (
        <ol className="main-rank">
          {list.map((entry, i) => <li key={`${entry.memId}-${i}`}><span>{entry.memId}</span><Money amount={entry.amount} /></li>)}
        </ol>
      )}
    </section>
  );
}

/** Best withdrawals today and this week, and the latest approved deposits and withdrawals (live for members). */
export function CashArea({ live }: { live: boolean }) {
  const t = useT();
  const boards = useMainCashList();
  const pushed = useLiveCashFeed(live);
  if (boards.status !== 'ready') return null;
  const feed: CashFeedEntry[] = [...pushed, ...boards.data.feed].slice(0, 10);
  return (
    <div className="main-grid">
      <Ranking titleId="front.main.todayBest" list={boards.data.todayBest} testId="main-today-best" />
      <Ranking titleId="front.main.weekBest" list={boards.data.weekBest} testId="main-week-best" />
      <section className="main-card" data-testid="main-cash-feed">
        <h2 className="section-title">{t('front.main.cashFeed')}</h2>
        {feed.length === 0 ? <p className="panel-note">{t('front.main.noRecords')}</p> : (
          <ul className="main-rank">
            {feed.map((entry, i) => (
              <li key={`${entry.at}-${i}`}>
                <span className={`main-kind main-kind--${entry.kind}`}>{t(entry.kind === 'in' ? 'front.main.deposit' : 'front.main.withdrawal')}</span>
                <span>{entry.memId}</span>
                <Money amount={entry.amount} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The support centre's latest notices, each opening its notice. */
export function NoticeArea() {
  const t = useT();
  const tree = useTree();
  const notices = useMainNotices();
  if (notices.status !== 'ready') return null;
  return (
    <section className="main-card" data-testid="main-notices">
      <h2 className="section-title">{t('front.main.notices')}</h2>
      {notices.data.list.length === 0 ? <p className="panel-note">{t('front.main.noRecords')}</p> : (
        <ul className="main-rank">
          {notices.data.list.map((notice) => (
            <li key={notice.boardIdx}>
              <Link {...screenLink(tree, 'noticeRead', { boardIdx: notice.boardIdx })} className="main-notice" data-testid="main-notice">{notice.title}</Link>
              <DateText value={notice.createdAt} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
