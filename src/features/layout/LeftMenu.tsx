import { Link } from '@tanstack/react-router';
import { currentLocale, useT } from '../../i18n';
import type { CommonCode } from '../../../contract/types';
import { useGameMenu } from './useGameMenu';

/** Member pages in the menu (deposit and withdrawal open the money pages); routes not built yet send members to /. */
const MEMBER_ENTRIES = [
  { id: 'deposit', path: '/charge', icon: '＋' },
  { id: 'withdrawal', path: '/exchange', icon: '－' },
  { id: 'bettingList', path: '/mypage/betting/list', icon: '☰' },
  { id: 'point', path: '/mypage/point', icon: 'P' },
  { id: 'coupon', path: '/mypage/coupon', icon: '%' },
  { id: 'message', path: '/mypage/message/list', icon: '✉' },
  { id: 'memberInfo', path: '/mypage/info', icon: '☺' },
] as const;

const SUPPORT_ENTRIES = [
  { id: 'notice', path: '/notice/list', icon: '!' },
  { id: 'cscenter', path: '/cscenter', icon: '?' },
  { id: 'faq', path: '/faq/list', icon: 'Q' },
] as const;

/** The vendor's name without the hotel markers; other languages get the capitalised English name. */
function vendorName(code: CommonCode): string {
  const withoutMarker = (name: string) => name.replace(/^(HC-|H-|slot_)/, '');
  if (currentLocale() === 'ko' || !code.codeNameEN) return withoutMarker(code.codeName);
  const english = withoutMarker(code.codeNameEN);
  return english.charAt(0).toUpperCase() + english.slice(1);
}

function GameCategories() {
  const t = useT();
  const menu = useGameMenu();
  if (menu.status === 'loading') return <p className="side-menu__note">{t('front.menu.loading')}</p>;
  if (menu.status === 'failed') return <p className="side-menu__note side-menu__note--error">{t('front.menu.loadFailed')}</p>;
  if (menu.data.length === 0) return <p className="side-menu__note">{t('front.game.noGame')}</p>;
  return (
    <>
      {menu.data.map((category) => (
        <details key={category.id} className="side-menu__group" open={category.id === 'casino'}>
          <summary>
            <Link to={category.path} className="side-menu__category">
              {t(`front.menu.${category.id}`)}
            </Link>
            <span className="side-menu__count">{category.vendors.length}</span>
          </summary>
          <ul>
            {category.vendors.map((vendor) => (
              <li key={vendor.code}>
                <Link to={category.path} className="side-menu__vendor">
                  {vendorName(vendor)}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </>
  );
}

function EntryList({ entries }: { entries: readonly { id: string; path: string; icon: string }[] }) {
  const t = useT();
  return (
    <ul className="side-menu__entries">
      {entries.map((entry) => (
        <li key={entry.id}>
          <Link to={entry.path} className="side-menu__entry">
            <span className="side-menu__icon" aria-hidden="true">
              {entry.icon}
            </span>
            {t(`front.menu.${entry.id}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** SPEC §2 left menu: game categories from the game codes, then money, my page and support entries. */
export function LeftMenu() {
  const t = useT();
  return (
    <nav className="side-menu" aria-label={t('front.menu.title')}>
      <h2 className="side-menu__heading">{t('front.menu.games')}</h2>
      <GameCategories />
      <h2 className="side-menu__heading">{t('front.menu.myPage')}</h2>
      <EntryList entries={MEMBER_ENTRIES} />
      <h2 className="side-menu__heading">{t('front.menu.support')}</h2>
      <EntryList entries={SUPPORT_ENTRIES} />
    </nav>
  );
}
