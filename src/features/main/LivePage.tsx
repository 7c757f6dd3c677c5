/** `/live` (SPEC §2 "Others"; phone /member/live): the house vendor's live table, large, with its road, last results and enter button. */
import { useGameLauncher } from '../../data/games';
import { useMainGames } from '../../data/siteReads';
import { currentLocale, useT } from '../../i18n';
import { MenuSection } from '../../routes/MenuSection';
import { ReadNote } from '../../ui/ReadNote';
import { PlayButton } from './GameAreas';
import { LiveTableView } from './LiveTableView';
import { launchRequestOf, PlayContext } from './playContext';

export function LivePage() {
  const t = useT();
  const games = useMainGames();
  const launch = useGameLauncher();
  const live = games.status === 'ready' ? games.data.live : null;
  return (
    <MenuSection title="front.live.title" testId="live-page" className="live-page">
      {games.status !== 'ready' ? <ReadNote read={games} /> : live ? (
        <PlayContext.Provider value={(game) => launch(launchRequestOf(game))}>
          <LiveTableView live={live} large actions={(
            <div className="main-live__actions">
              <PlayButton game={live.game} name={live.game.names[currentLocale()] || live.game.names.ko} />
            </div>
          )} />
        </PlayContext.Provider>
      ) : <p className="panel-note">{t('front.game.noGame')}</p>}
    </MenuSection>
  );
}
