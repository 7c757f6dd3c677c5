/**
 * SPEC §2 /result/mini (phone /member/result): each game's rounds, newest first and paged, with the
 * draw, the markets' outcomes and the fairness proof (the committed hash, the revealed seed, a link to
 * the verifier that recomputes the draw in the browser), and the published chain terminals.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { gameLabelId, MINI_GAMES, type MiniGame, type MiniRound } from '../../../contract/minigames';
import { useMiniResults } from '../../data/minigames';
import { useT } from '../../i18n';
import { formatTime } from '../../i18n/format';
import { MenuEntry } from '../../routes/MenuEntry';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { DrawView, WinnerTags } from '../../ui/MiniDraw';
import { Pager } from '../../ui/Pager';
import { Tabs } from '../../ui/Tabs';
import { verifySearch } from '../../routes/verifyLinks';
import './minigames.css';

const LABELS = Object.fromEntries(MINI_GAMES.map((game) => [game, gameLabelId(game)])) as Record<MiniGame, string>;

function RoundRow({ round }: { round: MiniRound }) {
  const t = useT();
  const tree = useTree();
  const search = verifySearch(round);
  return (
    <li className="mini-result" data-testid="mini-result">
      <div className="mini-result__head">
        <strong>{t('mini.round.no', { no: round.roundNo })}</strong>
        <span>{round.day} {formatTime(round.drawsAt)}</span>
        {round.status === 'void' && <span className="mini-chip mini-chip--void">{t('mini.phase.void')}</span>}
      </div>
      {round.draw && (
        <div className="mini-result__draw">
          <DrawView game={round.game} draw={round.draw} compact={round.game === 'speedkino'} />
          <WinnerTags game={round.game} draw={round.draw} />
        </div>
      )}
      <dl className="mini-result__proof">
        <dt>{t('mini.proof.hash')}</dt><dd><code>{round.seedHash}</code></dd>
        <dt>{t('mini.proof.seed')}</dt><dd><code>{round.seed ?? t('mini.proof.hidden')}</code></dd>
      </dl>
      {search && (
        <Link {...screenLink(tree, 'miniVerify', {}, search)} className="mini-link" data-testid="verify-link">{t('mini.proof.verify')}</Link>
      )}
    </li>
  );
}

export function MiniResultsPage() {
  const t = useT();
  const tree = useTree();
  const [game, setGame] = useState<MiniGame>('powerball');
  const [page, setPage] = useState(1);
  const results = useMiniResults(game, page);
  return (
    <section className="mini-page" data-testid="mini-results">
      <h1 className="section-title">{t('mini.results.title')}</h1>
      <Tabs tabs={MINI_GAMES} labels={LABELS} current={game} onChange={(next) => { setGame(next); setPage(1); }} />
      <p className="mini-lead">
        {t('mini.results.lead')} <MenuEntry link={screenLink(tree, 'miniVerify')} className="mini-link">{t('mini.verify.title')}</MenuEntry>
      </p>
      {results.status === 'ready' && (
        <>
          {results.data.chains[0] && (
            <p className="mini-chain" data-testid="mini-chain">
              {t('mini.proof.terminal')} <code>{results.data.chains[0].terminalHash}</code>
            </p>
          )}
          {results.data.list.length === 0 ? <p className="mini-empty">{t('mini.board.noResults')}</p> : (
            <ul className="mini-results">{results.data.list.map((round) => <RoundRow key={round.roundId} round={round} />)}</ul>
          )}
          <Pager pageInfo={results.data.pageInfo} onPage={setPage} />
        </>
      )}
      {results.status === 'loading' && <p className="mini-empty">{t('mini.board.loading')}</p>}
      {results.status === 'failed' && <p className="mini-empty">{t('mini.board.failed')}</p>}
    </section>
  );
}
