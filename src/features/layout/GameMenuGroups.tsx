import { currentLocale, useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { gameLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { vendorName } from '../../data/gameMenu';
import { useGameMenu } from '../../data/useGameMenu';

/**
 * The game categories and their vendors from the game codes (SPEC §2), as the left menu and the phone
 * navigation show them; a category or vendor whose screen is not built is shown as "준비 중입니다.".
 */
export function GameMenuGroups() {
  const t = useT();
  const tree = useTree();
  const menu = useGameMenu();
  if (menu.status === 'loading') return <p className="side-menu__note">{t('front.menu.loading')}</p>;
  if (menu.status === 'failed') return <p className="side-menu__note side-menu__note--error">{t('front.menu.loadFailed')}</p>;
  if (menu.data.length === 0) return <p className="side-menu__note">{t('front.game.noGame')}</p>;
  return (
    <>
      {menu.data.map((category) => {
        const categoryLink = gameLink(tree, category.id);
        return (
        <details key={category.id} className="side-menu__group" open={category.id === 'casino'} data-testid={`menu-category-${category.id}`}>
          <summary>
            <MenuEntry link={categoryLink} className="side-menu__category">
              {t(`front.menu.${category.id}`)}
            </MenuEntry>
            <span className="side-menu__count">{category.vendors.length}</span>
          </summary>
          <ul>
            {category.vendors.map((vendor) => (
              <li key={vendor.code}>
                {/* Under a category that is itself "준비 중입니다." the vendors keep the mark out of sight. */}
                <MenuEntry link={gameLink(tree, category.id, vendor.code)} quiet={!categoryLink} className="side-menu__vendor">
                  {vendorName(vendor, currentLocale())}
                </MenuEntry>
              </li>
            ))}
          </ul>
        </details>
        );
      })}
    </>
  );
}
