import { useRouterState } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { frameableGameUrl } from './gameFrame';
import './games.css';

/** SPEC §2 /slot/game: an empty layout with the game in a frame (the `url` query), in the game window. */
export function GameFramePage() {
  const t = useT();
  const raw = useRouterState({ select: (state) => new URLSearchParams(state.location.searchStr).get('url') ?? undefined });
  const url = frameableGameUrl(raw, window.location.origin);
  if (!url) {
    return (
      <main className="game-frame game-frame--refused" data-testid="game-frame-refused">
        <p>{t('front.game.frameRefused')}</p>
      </main>
    );
  }
  return (
    <main className="game-frame">
      <iframe className="game-frame__frame" src={url} title={t('front.game.frameTitle')} allow="fullscreen; autoplay" data-testid="game-frame" />
    </main>
  );
}
