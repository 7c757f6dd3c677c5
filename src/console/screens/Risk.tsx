/**
 * Risk and trading: mini games (settings per game, pausing, a round's exposure and voiding it) and the
 * sportsbook (settings, margins, voiding a bet; fixtures, results, exposure and markets in SportsResults.tsx).
 * Actions on one round or bet name it by number in the form, checked with the path's schema.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { idParam, miniSettingsBody } from '../../../contract/admin';
import { MINI_GAMES, type MiniGame } from '../../../contract/minigames';
import { sportBetParam, sportMarginsBody } from '../../../contract/sportsAdmin';
import { consoleCall } from '../api';
import { useCt } from '../i18n';
import { Facts } from '../ui/Facts';
import { FilterSelect } from '../ui/FilterSelect';
import { SchemaForm } from '../ui/SchemaForm';
import { SportsResults } from './SportsResults';

const riskKey = ['risk'] as const;
const BP_FIELDS = ['winloose', 'handy', 'underover', 'special'] as const;

function Exposure({ name, read }: { name: string; read: string | null }) {
  const answer = useQuery({ queryKey: [...riskKey, name, read], queryFn: () => consoleCall<Record<string, unknown>>('GET', read!), enabled: read !== null });
  return read === null ? null : answer.error ? <p className="call-error">{answer.error.message}</p> : <Facts name={name} data={answer.data} />;
}

export function RiskScreen() {
  const t = useCt();
  const mini = useQuery({ queryKey: [...riskKey, 'mini'], queryFn: () => consoleCall<Record<string, unknown>>('GET', '/minigames/settings') });
  const sports = useQuery({ queryKey: [...riskKey, 'sports'], queryFn: () => consoleCall<Record<string, unknown>>('GET', '/sports/settings') });
  const [game, setGame] = useState<MiniGame>(MINI_GAMES[0]);
  const [round, setRound] = useState<number | null>(null);
  const idField = (label: string) => ({ name: 'id', label, kind: 'number' as const });
  return (
    <>
      <h1>{t('console.nav.risk')}</h1>
      <h2>{t('console.risk.mini')}</h2>
      <div className="columns">
        <section>
          <h3>{t('console.risk.pause')}</h3>
          <FilterSelect label={t('console.risk.game')} value={game} values={MINI_GAMES} group="miniGame" onChange={setGame} />
          <SchemaForm key={game} name="mini-settings" schema={miniSettingsBody}
            fields={[
              { name: 'paused', label: t('console.risk.paused'), kind: 'tristate' },
              { name: 'oneBetPerMarket', label: t('console.risk.oneBetPerMarket'), kind: 'tristate' },
              { name: 'cutoffSec', label: t('console.risk.cutoffSec'), kind: 'number', optional: true },
              { name: 'hitLimit', label: t('console.risk.hitLimit'), kind: 'number', optional: true },
            ]}
            submitLabel={t('console.common.save')} send={(change) => consoleCall('PUT', `/minigames/${game}/settings`, change)} refresh={[riskKey]} />
          <Facts name="mini-settings" data={(mini.data?.games as Record<string, Record<string, unknown>> | undefined)?.[game]} />
        </section>
        <section>
          <h3>{t('console.risk.round')}</h3>
          <SchemaForm name="mini-round" schema={idParam} fields={[idField(t('console.risk.roundId'))]} submitLabel={t('console.risk.exposure')}
            send={async ({ id }) => setRound(id)} />
          <Exposure name="round-exposure" read={round === null ? null : `/minigames/rounds/${round}/exposure`} />
          {round !== null && (
            <SchemaForm name="mini-void" schema={idParam} fields={[]} fixed={{ id: round }} submitLabel={t('console.risk.voidRound', { id: round })}
              send={({ id }) => consoleCall('POST', `/minigames/rounds/${id}/void`)} refresh={[riskKey]} />
          )}
        </section>
      </div>
      <h2>{t('console.risk.sports')}</h2>
      <div className="columns">
        <section>
          <h3>{t('console.risk.margins')}</h3>
          <SchemaForm name="sport-margins" schema={sportMarginsBody}
            fields={[...BP_FIELDS.map((name) => ({ name, label: t('console.risk.marginBp', { family: name }), kind: 'number' as const, optional: true })),
              { name: 'liveMarginBp', label: t('console.risk.liveMarginBp'), kind: 'number', optional: true }]}
            submitLabel={t('console.common.save')}
            send={(value) => {
              const { liveMarginBp, ...families } = value as Record<string, number | undefined>;
              const marginsBp = Object.fromEntries(Object.entries(families).filter(([, bp]) => bp !== undefined));
              return consoleCall('PUT', '/sports/margins', { ...(Object.keys(marginsBp).length > 0 ? { marginsBp } : {}), ...(liveMarginBp === undefined ? {} : { liveMarginBp }) });
            }} />
          <Facts name="sport-settings" data={sports.data} />
        </section>
        <section>
          <h3>{t('console.risk.bet')}</h3>
          <SchemaForm name="bet-void" schema={sportBetParam} fields={[{ name: 'betId', label: t('console.risk.betId'), kind: 'number' }]}
            submitLabel={t('console.risk.voidBet')} send={({ betId }) => consoleCall('POST', `/sports/bets/${betId}/void`)} refresh={[riskKey]} />
        </section>
      </div>
      <SportsResults />
    </>
  );
}
