import { lazy, Suspense } from 'react';
import { selectIsSignedIn } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { useT } from '../../i18n';
import { WhenNear } from '../../ui/WhenNear';
import { CategoryTiles } from './CategoryTiles';
import { Hero } from './Hero';
import { BannerArea, CashArea, NoticeArea, PopupArea } from './MainAreas';
import { Promotions } from './Promotions';
import './main.css';

// The game areas come after the first paint, in their own chunk, when their place nears the screen.
const GameAreas = lazy(() => import('./GameAreas').then((m) => ({ default: m.GameAreas })));

const GUIDE = ['front.main.guideAge', 'front.main.guideApproval', 'front.main.guideAccount'] as const;

/**
 * '/': open to guests. The welcome, the operator's banners and popups, the bonuses, the game categories,
 * the game areas (slot jackpot, live table, new, popular and ranking games: GameAreas, loaded after the
 * first paint), the cash boards and feed, and the latest notices. The sign-up guide is for guests only.
 */
export function MainPage() {
  const t = useT();
  const signedIn = useSessionSelector(selectIsSignedIn);
  return (
    <div className="main-page">
      <PopupArea />
      <Hero />
      <BannerArea />
      <Promotions />
      <CategoryTiles />
      <WhenNear testId="main-game-areas-spot">
        <Suspense fallback={null}>
          <GameAreas />
        </Suspense>
      </WhenNear>
      <CashArea live={signedIn} />
      <NoticeArea />
      {!signedIn && (
        <section className="guide">
          <h2 className="section-title">{t('front.main.guideTitle')}</h2>
          <ul className="guide__list">
            {GUIDE.map((id) => (
              <li key={id}>{t(id)}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
