import { useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { MENU_GROUPS, type MenuGroup } from '../../routes/screens';
import { useMenu } from '../../routes/useMenu';
import { GameMenuGroups } from './GameMenuGroups';

const GROUP_TITLE: Record<MenuGroup, string> = {
  games: 'front.menu.games',
  money: 'front.menu.wallet',
  myPage: 'front.menu.myPage',
  messages: 'front.menu.messages',
  support: 'front.menu.support',
  partner: 'front.partner.area',
};

/**
 * The site menu, generated from the screen map: game categories, then money, my page, messages,
 * support and (a partner's phone only) the partner area. The desktop shows it on the left; the phone opens it from its header.
 */
export function SiteMenu({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const items = useMenu('siteMenu');
  return (
    // A click on any link inside closes the phone's menu; non-links ("준비 중입니다.") keep it open.
    <div className="side-menu__groups" onClick={(event) => (event.target as Element).closest('a') && onNavigate?.()}>
      {MENU_GROUPS.map((group) => {
        const entries = items.filter((item) => item.group === group);
        if (group !== 'games' && entries.length === 0) return null;
        return (
          <section key={group} className="side-menu__section" data-testid={`menu-group-${group}`}>
            <h2 className="side-menu__heading">{t(GROUP_TITLE[group])}</h2>
            {group === 'games' ? (
              <GameMenuGroups />
            ) : (
              <ul className="side-menu__entries">
                {entries.map((item) => (
                  <li key={item.id}>
                    <MenuEntry link={item.link} className="side-menu__entry" testId={`menu-${item.id}`}>
                      {t(item.title)}
                    </MenuEntry>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
