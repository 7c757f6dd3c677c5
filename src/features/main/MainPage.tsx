import { useT } from '../../i18n';
import { CategoryTiles } from './CategoryTiles';
import { Hero } from './Hero';
import { Promotions } from './Promotions';

const GUIDE = ['front.main.guideAge', 'front.main.guideApproval', 'front.main.guideAccount'] as const;

/** '/': open to guests; the casino's welcome, its bonuses and the game categories. */
export function MainPage() {
  const t = useT();
  return (
    <div className="main-page">
      <Hero />
      <Promotions />
      <CategoryTiles />
      <section className="guide">
        <h2 className="section-title">{t('front.main.guideTitle')}</h2>
        <ul className="guide__list">
          {GUIDE.map((id) => (
            <li key={id}>{t(id)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
