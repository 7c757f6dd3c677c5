import { useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { gameLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { CATEGORY_TILES } from './categoryTiles';

/** The game categories as cards; a category whose screen is not built says "준비 중입니다." and is no link. */
export function CategoryTiles() {
  const t = useT();
  const tree = useTree();
  return (
    <section className="tiles" aria-labelledby="tiles-title">
      <h2 id="tiles-title" className="section-title">
        {t('front.main.categoriesTitle')}
      </h2>
      <ul className="tiles__grid">
        {CATEGORY_TILES.map((tile) => (
          <li key={tile.id}>
            <MenuEntry link={gameLink(tree, tile.id)} className={`tile tile--${tile.tone}`} testId={`tile-${tile.id}`}>
              <span className="tile__symbol" aria-hidden="true">
                {tile.symbol}
              </span>
              <span className="tile__name">{t(`front.menu.${tile.id}`)}</span>
              <span className="tile__text">{t(tile.text)}</span>
            </MenuEntry>
          </li>
        ))}
      </ul>
    </section>
  );
}
