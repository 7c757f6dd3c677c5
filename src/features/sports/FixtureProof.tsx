/**
 * A finished fixture's fairness proof: the hash committed before kick-off, the seed revealed after the final
 * whistle, and "검증", which plays the match again in the browser (fixtureProof.ts) and says whether it
 * matches. Before the seed is out, the hash alone and a note.
 */
import { useState } from 'react';
import type { SportResultItem } from '../../../contract/sports';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { canVerify, checkFixture, type ProofCheck } from './fixtureProof';

const ANSWER_IDS: Record<ProofCheck['status'], string> = {
  match: 'sport.proof.match',
  hashMismatch: 'sport.proof.hashMismatch',
  scoreMismatch: 'sport.proof.scoreMismatch',
};

export function FixtureProof({ item }: { item: SportResultItem }) {
  const t = useT();
  const [check, setCheck] = useState<ProofCheck | 'running' | null>(null);
  const { fixture } = item;
  const run = () => {
    setCheck('running');
    void checkFixture(item).then(setCheck, () => setCheck({ status: 'hashMismatch' }));
  };
  const score = check && check !== 'running' && check.status !== 'hashMismatch' ? `${check.final.home}:${check.final.away}` : '';
  return (
    <details className="sport-proof" data-testid="fixture-proof">
      <summary>{t('sport.proof.title')}</summary>
      <dl className="sport-proof__facts">
        <dt>{t('sport.proof.hash')}</dt>
        <dd><code data-testid="proof-hash">{fixture.seedHash}</code></dd>
        <dt>{t('sport.proof.seed')}</dt>
        <dd>{fixture.seed ? <code data-testid="proof-seed">{fixture.seed}</code> : <span className="sport-proof__note">{t('sport.proof.pending')}</span>}</dd>
      </dl>
      {canVerify(item) && (
        <div className="sport-proof__run">
          <Button variant="ghost" size="sm" onClick={run} disabled={check === 'running'} data-testid="proof-verify">
            {check === 'running' ? t('sport.proof.verifying') : t('sport.proof.verify')}
          </Button>
          {check && check !== 'running' && (
            <p className={`sport-proof__answer sport-proof__answer--${check.status === 'match' ? 'ok' : 'bad'}`} role="status" data-testid="proof-answer" data-status={check.status}>
              {t(ANSWER_IDS[check.status], { score })}
            </p>
          )}
        </div>
      )}
    </details>
  );
}
