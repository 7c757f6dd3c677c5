/**
 * The verifier: recomputes a round's draw in this browser from its revealed seed (Web Crypto,
 * HMAC-SHA256 with rejection sampling, the server's own code in contract/fairness.ts) and checks the
 * seed against the hash committed before betting opened. Nothing is sent to the server.
 */
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { verifyRound, isSeed, type Verification } from '../../../contract/fairness';
import { gameLabelId, isMiniGame, MINI_GAMES, type MiniGame } from '../../../contract/minigames';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { DrawView, WinnerTags } from './parts';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

export function MiniVerifyPage() {
  const t = useT();
  const search = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  const [game, setGame] = useState<MiniGame>(isMiniGame(search.game) ? search.game : 'powerball');
  const [day, setDay] = useState(text(search.day));
  const [roundNo, setRoundNo] = useState(text(search.roundNo));
  const [seed, setSeed] = useState(text(search.seed));
  const [seedHash, setSeedHash] = useState(text(search.seedHash));
  const [result, setResult] = useState<Verification | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function verify() {
    setResult(null);
    const no = Number(roundNo);
    if (!isSeed(seed) || !/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isInteger(no) || no < 1) {
      setProblem('mini.verify.bad');
      return;
    }
    setProblem(null);
    setResult(await verifyRound(game, seed, seedHash.trim(), day, no));
  }

  return (
    <section className="mini-page" data-testid="mini-verify">
      <h1 className="section-title">{t('mini.verify.title')}</h1>
      <p className="mini-lead">{t('mini.verify.help')}</p>
      <form className="mini-verify" onSubmit={(event) => { event.preventDefault(); void verify(); }}>
        <label className="field">{t('mini.verify.game')}
          <select value={game} onChange={(event) => setGame(event.target.value as MiniGame)}>
            {MINI_GAMES.map((g) => <option key={g} value={g}>{t(gameLabelId(g))}</option>)}
          </select>
        </label>
        <label className="field">{t('mini.verify.day')}<input value={day} onChange={(event) => setDay(event.target.value)} placeholder="2026-11-23" /></label>
        <label className="field">{t('mini.verify.roundNo')}<input value={roundNo} inputMode="numeric" onChange={(event) => setRoundNo(event.target.value)} /></label>
        <label className="field mini-verify__wide">{t('mini.proof.seed')}<input value={seed} onChange={(event) => setSeed(event.target.value.trim())} data-testid="verify-seed" /></label>
        <label className="field mini-verify__wide">{t('mini.proof.hash')}<input value={seedHash} onChange={(event) => setSeedHash(event.target.value.trim())} /></label>
        <Button type="submit" data-testid="verify-submit">{t('mini.verify.run')}</Button>
      </form>
      {problem && <p className="mini-verify__bad" role="alert">{t(problem)}</p>}
      {result && (
        <div className="mini-verify__result" data-testid="verify-result">
          <p className={result.hashMatches ? 'mini-verify__ok' : 'mini-verify__bad'} data-testid="verify-hash">
            {t(result.hashMatches ? 'mini.verify.hashOk' : 'mini.verify.hashBad')}
          </p>
          <DrawView game={game} draw={result.draw} animate />
          <WinnerTags game={game} draw={result.draw} />
        </div>
      )}
    </section>
  );
}
