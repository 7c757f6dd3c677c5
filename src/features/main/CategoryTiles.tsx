import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { CATEGORY_TILES, tileTextId } from './categoryTiles';

export function CategoryTiles() {
  const t = useT();
  return (
    <section className="tiles" aria-labelledby="tiles-title">
      <h2 id="tiles-title" className="section-title">
        {t('front.main.categoriesTitle')}
      </h2>
      <ul className="tiles__grid">
        {CATEGORY_TILES.map((tile) => (
          <li key={tile.id}>
            <Link to={tile.path} className={`tile tile--${tile.tone}`}>
              <span className="tile__symbol" aria-hidden="true">
                {tile.symbol}
              </span>
              <span className="tile__name">{t(`front.menu.${tile.id}`)}</span>
              <span className="tile__text">{t(tileTextId(tile.id))}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
