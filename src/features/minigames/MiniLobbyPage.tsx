/** SPEC §2 /minigame (phone /member/minigame): the four games with their current round and countdown. */
import { gameLabelId, MINI_GAMES, type MiniGame } from '../../../contract/minigames';
import { useMiniBoard } from '../../data/minigames';
import { useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { WinnerTags } from '../../ui/MiniDraw';
import { countdown, GAME_SCREEN, HEADLINE, roundPhase, useServerNow } from './parts';

function GameCard({ game }: { game: MiniGame }) {
  const t = useT();
  const tree = useTree();
  const { board, offset } = useMiniBoard(game);
  const now = useServerNow(offset, 1_000);
  const data = board.data;
  const phase = data ? (data.paused ? 'paused' : roundPhase(data.round, now)) : 'none';
  const latest = data?.recent[0];
  return (
    <li className={`mini-card mini-card--${game}`}>
      <MenuEntry link={screenLink(tree, GAME_SCREEN[game])} className="mini-card__link" testId={`mini-card-${game}`}>
        <span className="mini-card__art" aria-hidden="true">{game === 'powerball' ? '●' : game === 'speedkino' ? '◆' : '╫'}</span>
        <span className="mini-card__name">{t(gameLabelId(game))}</span>
        <span className="mini-card__about">{t(`mini.about.${game}`)}</span>
        <span className="mini-card__state">
          {data?.round ? t('mini.round.no', { no: data.round.roundNo }) : ''}
          {' '}
          {data && <span className={`mini-chip mini-chip--${phase}`}>{t(`mini.phase.${phase}`)}</span>}
          {data?.round && phase === 'betting' && <strong className="mini-card__count">{countdown(data.round.closesAt, now)}</strong>}
        </span>
        {latest?.draw && <WinnerTags game={game} draw={latest.draw} markets={HEADLINE[game].slice(0, 2)} />}
      </MenuEntry>
    </li>
  );
}

export function MiniLobbyPage() {
  const t = useT();
  const tree = useTree();
  return (
    <section className="mini-page" data-testid="mini-lobby">
      <h1 className="section-title">{t('mini.lobby.title')}</h1>
      <p className="mini-lead">{t('mini.lobby.lead')}</p>
      <ul className="mini-cards">
        {MINI_GAMES.map((game) => <GameCard key={game} game={game} />)}
      </ul>
      <p className="mini-lead">
        <MenuEntry link={screenLink(tree, 'miniResults')} className="mini-link" testId="mini-results-link">{t('mini.results.title')}</MenuEntry>
      </p>
    </section>
  );
}
