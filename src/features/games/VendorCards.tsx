import type { CommonCode } from '../../../contract/types';
import { HOTEL_SLOT_MARK } from '../../../contract/games';
import { vendorName } from '../../data/gameMenu';
import { currentLocale, useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { gameScreenPath, type GameCategoryId } from '../../routes/screens';
import { useTree } from '../../routes/useTree';

/** SPEC §9: hotel slot vendors ("H-") show the placeholders SLOT01 and SLOT02 as their art. */
const HOTEL_SLOT_PLACEHOLDERS = ['SLOT01', 'SLOT02'];

/** A category's vendors as cards, each leading to the vendor's screen ("준비 중입니다." where none is built). */
export function VendorCards({ category, vendors }: { category: GameCategoryId; vendors: CommonCode[] }) {
  const t = useT();
  const tree = useTree();
  if (vendors.length === 0) return <p className="panel-note" data-testid="game-empty">{t('front.game.noGame')}</p>;
  return (
    <ul className="vendor-cards" data-testid="vendor-cards">
      {vendors.map((vendor, index) => {
        const name = vendorName(vendor, currentLocale());
        const art = vendor.codeName.includes(HOTEL_SLOT_MARK) && category === 'hotelSlot'
          ? HOTEL_SLOT_PLACEHOLDERS[index % HOTEL_SLOT_PLACEHOLDERS.length]
          : name.slice(0, 2).toUpperCase();
        return (
          <li key={vendor.code}>
            <MenuEntry to={gameScreenPath(tree, category, vendor.code)} className={`vendor-card vendor-card--${category}`} testId={`vendor-${vendor.code}`}>
              <span className="vendor-card__art" aria-hidden="true">{art}</span>
              <span className="vendor-card__name">{name}</span>
            </MenuEntry>
          </li>
        );
      })}
    </ul>
  );
}
