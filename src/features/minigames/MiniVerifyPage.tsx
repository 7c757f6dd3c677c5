/**
 * The verifier: recomputes a round in this browser from its revealed seed, nothing sent to the server.
 * A mini-game draw (Web Crypto, HMAC-SHA256 with rejection sampling, the server's own code in
 * contract/fairness.ts) checked against the hash committed before betting opened; or a slot spin (its
 * reels and win) or a fishing shot (hit or miss) from server seed, client seed and nonce with the
 * game provider's own pure code (gameProvider/verify.ts, its one entry for the browser), the seed checked
 * against the hash shown before the round.
 */
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { verifyRound, isSeed, type Verification } from '../../../contract/fairness';
import { gameLabelId, isMiniGame, MINI_GAMES, type MiniGame } from '../../../contract/minigames';
import { FISH, FISH_KINDS, ROWS, SYMBOL_CODES, verifyShot, verifySpin, type FishKind, type ShotCheck, type SpinCheck } from '../../../gameProvider/verify';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { DrawView, WinnerTags } from '../../ui/MiniDraw';
import { Money } from '../../ui/Money';
import './minigames.css';

type VendorGame = 'slot' | 'fishing';
type VerifyGame = MiniGame | VendorGame;
type Checked = { game: MiniGame; verification: Verification } | { game: 'slot'; check: SpinCheck } | { game: 'fishing'; check: ShotCheck };
const PLAYER_SEED = /^[A-Za-z0-9_-]{1,64}$/;
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const isVendorGame = (game: unknown): game is VendorGame => game === 'slot' || game === 'fishing';
const isFish = (value: unknown): value is FishKind => FISH_KINDS.includes(value as FishKind);
const gameLabel = (game: VerifyGame) => (game === 'slot' ? 'mini.verify.slot' : game === 'fishing' ? 'mini.verify.fishing' : gameLabelId(game));

function SpinView({ check }: { check: SpinCheck }) {
  const t = useT();
  const { grid, stops } = check.result;
  return (
    <>
      <div className="spin-verify" data-testid="verify-reels" aria-label={t('mini.verify.reels')}>
        {Array.from({ length: ROWS }, (_, row) => grid.map((column, reel) => (
          <span key={`${reel}-${row}`} className={`spin-verify__cell spin-verify__cell--${column[row]}`} data-symbol={column[row]}>{SYMBOL_CODES[column[row]!]}</span>
        )))}
      </div>
      <p className="mini-lead">{t('mini.verify.stops')}: <span className="bet-detail__mono">{stops.join(', ')}</span></p>
      <p className="mini-lead">{t('front.bet.col.winCash')}: <strong data-testid="verify-win"><Money amount={check.win} /></strong></p>
    </>
  );
}

function ShotView({ check }: { check: ShotCheck }) {
  const t = useT();
  return (
    <>
      <p className={check.hit ? 'mini-verify__ok' : 'mini-lead'} data-testid="verify-hit">{t(check.hit ? 'mini.verify.hit' : 'mini.verify.miss')}</p>
      <p className="mini-lead">{t('front.bet.col.winCash')}: <strong data-testid="verify-win"><Money amount={check.win} /></strong></p>
    </>
  );
}

export function MiniVerifyPage() {
  const t = useT();
  const search = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  const [game, setGame] = useState<VerifyGame>(isVendorGame(search.game) || isMiniGame(search.game) ? search.game : 'powerball');
  const [day, setDay] = useState(text(search.day));
  const [roundNo, setRoundNo] = useState(text(search.roundNo));
  const [seed, setSeed] = useState(text(search.seed));
  const [seedHash, setSeedHash] = useState(text(search.seedHash));
  const [clientSeed, setClientSeed] = useState(text(search.clientSeed));
  const [nonce, setNonce] = useState(text(search.nonce));
  const [bet, setBet] = useState(text(search.bet));
  const [fish, setFish] = useState<FishKind>(isFish(search.fish) ? search.fish : 'clownfish');
  const [result, setResult] = useState<Checked | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function verify() {
    setResult(null);
    if (isVendorGame(game)) {
      const round = { serverSeed: seed, serverSeedHash: seedHash.trim(), clientSeed, nonce: Number(nonce), bet: Number(bet) };
      if (!isSeed(seed) || !PLAYER_SEED.test(clientSeed) || !Number.isSafeInteger(round.nonce) || round.nonce < 0 || !Number.isSafeInteger(round.bet) || round.bet < 1) {
        setProblem('mini.verify.slotBad');
        return;
      }
      setProblem(null);
      setResult(game === 'slot' ? { game, check: verifySpin(round) } : { game, check: verifyShot(round, fish) });
      return;
    }
    const no = Number(roundNo);
    if (!isSeed(seed) || !/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isInteger(no) || no < 1) {
      setProblem('mini.verify.bad');
      return;
    }
    setProblem(null);
    setResult({ game, verification: await verifyRound(game, seed, seedHash.trim(), day, no) });
  }

  const hashMatches = result && ('check' in result ? result.check.hashMatches : result.verification.hashMatches);
  return (
    <section className="mini-page" data-testid="mini-verify">
      <h1 className="section-title">{t('mini.verify.title')}</h1>
      <p className="mini-lead">{t('mini.verify.help')}</p>
      <form className="mini-verify" onSubmit={(event) => { event.preventDefault(); void verify(); }}>
        <label className="field">{t('mini.verify.game')}
          <select value={game} onChange={(event) => { setGame(event.target.value as VerifyGame); setResult(null); }} data-testid="verify-game">
            {[...MINI_GAMES, 'slot' as const, 'fishing' as const].map((g) => <option key={g} value={g}>{t(gameLabel(g))}</option>)}
          </select>
        </label>
        {isVendorGame(game) ? (
          <>
            {game === 'fishing' && (
              <label className="field">{t('mini.verify.fish')}
                <select value={fish} onChange={(event) => setFish(event.target.value as FishKind)} data-testid="verify-fish">
                  {FISH_KINDS.map((kind) => <option key={kind} value={kind}>×{FISH[kind].multiplier}</option>)}
                </select>
              </label>
            )}
            <label className="field">{t('front.bet.nonce')}<input value={nonce} inputMode="numeric" onChange={(event) => setNonce(event.target.value)} data-testid="verify-nonce" /></label>
            <label className="field">{t('front.bet.col.cash')}<input value={bet} inputMode="numeric" onChange={(event) => setBet(event.target.value)} data-testid="verify-bet" /></label>
            <label className="field mini-verify__wide">{t('front.bet.clientSeed')}<input value={clientSeed} onChange={(event) => setClientSeed(event.target.value.trim())} data-testid="verify-client-seed" /></label>
          </>
        ) : (
          <>
            <label className="field">{t('mini.verify.day')}<input value={day} onChange={(event) => setDay(event.target.value)} placeholder="2026-11-23" /></label>
            <label className="field">{t('mini.verify.roundNo')}<input value={roundNo} inputMode="numeric" onChange={(event) => setRoundNo(event.target.value)} /></label>
          </>
        )}
        <label className="field mini-verify__wide">{t('mini.proof.seed')}<input value={seed} onChange={(event) => setSeed(event.target.value.trim())} data-testid="verify-seed" /></label>
        <label className="field mini-verify__wide">{t('mini.proof.hash')}<input value={seedHash} onChange={(event) => setSeedHash(event.target.value.trim())} /></label>
        <Button type="submit" data-testid="verify-submit">{t('mini.verify.run')}</Button>
      </form>
      {problem && <p className="mini-verify__bad" role="alert">{t(problem)}</p>}
      {result && (
        <div className="mini-verify__result" data-testid="verify-result">
          <p className={hashMatches ? 'mini-verify__ok' : 'mini-verify__bad'} data-testid="verify-hash">
            {t(hashMatches ? 'mini.verify.hashOk' : 'mini.verify.hashBad')}
          </p>
          {result.game === 'slot' ? <SpinView check={result.check} /> : result.game === 'fishing' ? <ShotView check={result.check} /> : (
            <>
              <DrawView game={result.game} draw={result.verification.draw} animate />
              <WinnerTags game={result.game} draw={result.verification.draw} />
            </>
          )}
        </div>
      )}
    </section>
  );
}
