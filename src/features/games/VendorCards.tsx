import type { CommonCode } from '../../../contract/types';
import { HOTEL_SLOT_MARK } from '../../../contract/games';
import { brandKeyOf, vendorName } from '../../data/gameMenu';
import { currentLocale, useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { gameLink, type GameCategoryId } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { VendorLogo } from './VendorLogo';

/** SPEC §9: hotel slot vendors ("H-") show the placeholders SLOT01 and SLOT02 with their art. */
const HOTEL_SLOT_PLACEHOLDERS = ['SLOT01', 'SLOT02'];

/** A category's vendors as cards with their logos, each leading to the vendor's screen ("준비 중입니다." where none is built). */
export function VendorCards({ category, vendors }: { category: GameCategoryId; vendors: CommonCode[] }) {
  const t = useT();
  const tree = useTree();
  if (vendors.length === 0) return <p className="panel-note" data-testid="game-empty">{t('front.game.noGame')}</p>;
  return (
    <ul className="vendor-cards" data-testid="vendor-cards">
      {vendors.map((vendor, index) => {
        const name = vendorName(vendor, currentLocale());
        const placeholder = vendor.codeName.includes(HOTEL_SLOT_MARK) && category === 'hotelSlot'
          ? HOTEL_SLOT_PLACEHOLDERS[index % HOTEL_SLOT_PLACEHOLDERS.length]
          : null;
        return (
          <li key={vendor.code}>
            <MenuEntry link={gameLink(tree, category, vendor.code)} className={`vendor-card vendor-card--${category}`} testId={`vendor-${vendor.code}`}>
              <span className="vendor-card__art">
                <VendorLogo brandKey={brandKeyOf(vendor)} name={vendorName(vendor, 'en')} />
                {placeholder && <span className="vendor-card__slot" aria-hidden="true">{placeholder}</span>}
              </span>
              <span className="vendor-card__name">{name}</span>
            </MenuEntry>
          </li>
        );
      })}
    </ul>
  );
}
