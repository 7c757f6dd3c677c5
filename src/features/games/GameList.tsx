import type { GameItem } from '../../../contract/games';
import type { CommonCode } from '../../../contract/types';
import { resultCodeOf, resultMessageOf } from '../../../machines/errors';
import { vendorKeyOf, vendorRouteName } from '../../data/gameMenu';
import { useGameLauncher } from '../../data/games';
import { useGameList } from '../../data/queries';
import { currentLocale, useT } from '../../i18n';
import { Button } from '../../ui/Button';

/** SPEC §8: a vendor under maintenance shows B0093's text; any other failure the server's message. */
function failureText(error: unknown, t: (id: string) => string): string {
  const code = resultCodeOf(error);
  if (code === 'B0093') return t('api.B0093');
  return (code !== null && resultMessageOf(error)) || t('front.error.loadFailed');
}

/**
 * One vendor's games with a play button each: slots as a picker in rows of 4 on desktop (SPEC §9),
 * live tables and fishing games as a list of tables. No games: "준비 중입니다.".
 */
export function GameList({ vendor, layout }: { vendor: CommonCode; layout: 'slots' | 'tables' }) {
  const t = useT();
  const games = useGameList(vendorKeyOf(vendor));
  const launch = useGameLauncher();
  if (games.status === 'loading') return <p className="panel-note">{t('front.loading')}</p>;
  if (games.status === 'failed') return <p className="panel-note panel-note--error" data-testid="game-list-error">{failureText(games.error, t)}</p>;
  if (games.data.length === 0) return <p className="panel-note" data-testid="game-empty">{t('front.game.noGame')}</p>;
  const locale = currentLocale();
  const play = (game: GameItem) => launch({ vendorKey: vendorKeyOf(vendor), gameType: game.category, gameKey: game.key, vendor: vendorRouteName(vendor) });
  return (
    <ul className={`game-list game-list--${layout}`} data-testid="game-list">
      {games.data.map((game) => {
        const name = game.names[locale] || game.names.ko;
        return (
          <li key={game.key} className="game-card" data-testid="game-card">
            <img className="game-card__art" src={game.image} alt="" loading="lazy" width={240} height={layout === 'slots' ? 180 : 135} />
            <span className="game-card__name">{name}</span>
            <Button size="sm" onClick={() => play(game)} aria-label={t('front.game.playNamed', { name })} data-testid="game-play">
              {t(layout === 'slots' ? 'front.game.play' : 'front.game.enter')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
