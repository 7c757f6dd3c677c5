/** `/live` (SPEC §2 "Others"; phone /member/live): the house vendor's live table, large, with its enter button. */
import { useGameLauncher } from '../../data/games';
import { useMainGames } from '../../data/siteReads';
import { currentLocale, useT } from '../../i18n';
import { PlayButton } from './GameAreas';
import { LiveTableView } from './LiveTableView';
import { launchRequestOf, PlayContext } from './playContext';

export function LivePage() {
  const t = useT();
  const games = useMainGames();
  const launch = useGameLauncher();
  if (games.status !== 'ready') {
    return <section className="panel"><p className="panel-note">{t(games.status === 'loading' ? 'front.loading' : 'front.error.loadFailed')}</p></section>;
  }
  const { live } = games.data;
  return (
    <section className="panel live-page" data-testid="live-page">
      <h1 className="panel-title">{t('front.live.title')}</h1>
      {live ? (
        <PlayContext.Provider value={(game) => launch(launchRequestOf(game))}>
          <LiveTableView live={live} large />
          <div className="main-live__actions">
            <PlayButton game={live.game} name={live.game.names[currentLocale()] || live.game.names.ko} />
          </div>
        </PlayContext.Provider>
      ) : <p className="panel-note">{t('front.game.noGame')}</p>}
    </section>
  );
}
