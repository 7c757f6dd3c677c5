/**
 * Risk and trading: mini games (settings per game, pausing, the latest rounds to pick one for its exposure and
 * void) and the sportsbook (leagues on or off, settings, margins, voiding a bet; fixtures, results, exposure and
 * markets in SportsResults.tsx), and the report of members who hit a protection limit or break.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { miniSettingsBody } from '../../../contract/admin';
import { MINI_GAMES, type MiniGame } from '../../../contract/minigames';
import { sportBetParam, sportMarginsBody } from '../../../contract/sportsAdmin';
import { consoleCall, queryString } from '../api';
import { useCt } from '../i18n';
import { useMay } from '../session';
import { DataTable, type ColumnDef } from '../ui/DataTable';
import { Facts } from '../ui/Facts';
import { FilterSelect } from '../ui/FilterSelect';
import { seoulTime } from '../ui/format';
import { SchemaForm } from '../ui/SchemaForm';
import { MiniRounds, riskKey, SportSettingsForm, SportsLeagues } from './RiskParts';
import { SportsResults } from './SportsResults';

const BP_FIELDS = ['winloose', 'handy', 'underover', 'special'] as const;

type Hit = { memId: string; code: string; hits: number; lastAt: string };
/** Seoul days as the instants the hit report reads (from the day's start to its end). */
const seoulStart = (day: string) => (day ? `${day}T00:00:00+09:00` : undefined);
const seoulEnd = (day: string) => (day ? `${day}T23:59:59.999+09:00` : undefined);

/** Members refused by a protection limit or a break, per member and code (GET /protection/hits; the last 30 days unless dated). */
export function ProtectionHits() {
  const t = useCt();
  const [range, setRange] = useState({ from: '', to: '' });
  const hits = useQuery({
    queryKey: [...riskKey, 'hits', range.from, range.to],
    queryFn: () => consoleCall<{ list: Hit[] }>('GET', `/protection/hits${queryString({ from: seoulStart(range.from), to: seoulEnd(range.to) })}`),
  });
  const columns: ColumnDef<Hit>[] = [
    { accessorKey: 'memId', header: t('console.member.memId'), cell: (c) => <Link to="/members/$memId" params={{ memId: c.getValue<string>() }}>{c.getValue<string>()}</Link> },
    { accessorKey: 'code', header: t('console.protection.code'), cell: (c) => `${c.getValue<string>()} · ${t(`console.protection.hit.${c.getValue<string>()}`)}` },
    { accessorKey: 'hits', header: t('console.protection.hits') },
    { accessorKey: 'lastAt', header: t('console.protection.lastAt'), cell: (c) => seoulTime(c.getValue<string>()) },
  ];
  const date = (key: 'from' | 'to') => (
    <label className="filter-select">{key === 'from' ? t('console.member.from') : t('console.member.to')}
      <input type="date" value={range[key]} data-testid={`hits-${key}`} onChange={(event) => setRange({ ...range, [key]: event.target.value })} />
    </label>
  );
  return (
    <DataTable name="protection-hits" rows={hits.data?.list} loading={hits.isPending} error={hits.error} columns={columns} rowId={(row) => `${row.memId}-${row.code}`}
      initialSort={[{ id: 'hits', desc: true }]} toolbar={<>{date('from')}{date('to')}</>} />
  );
}

export function RiskScreen() {
  const t = useCt();
  const may = useMay();
  const mini = useQuery({ queryKey: [...riskKey, 'mini'], queryFn: () => consoleCall<Record<string, unknown>>('GET', '/minigames/settings') });
  const sports = useQuery({ queryKey: [...riskKey, 'sports'], queryFn: () => consoleCall<Record<string, unknown>>('GET', '/sports/settings') });
  const [game, setGame] = useState<MiniGame>(MINI_GAMES[0]);
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
      </div>
      <h3>{t('console.risk.rounds', { game: t(`console.miniGame.${game}`) })}</h3>
      <MiniRounds game={game} />
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
        <SportSettingsForm />
        <section>
          <h3>{t('console.risk.bet')}</h3>
          <SchemaForm name="bet-void" schema={sportBetParam} fields={[{ name: 'betId', label: t('console.risk.betId'), kind: 'number' }]}
            submitLabel={t('console.risk.voidBet')} send={({ betId }) => consoleCall('POST', `/sports/bets/${betId}/void`)} refresh={[riskKey, ['approvals']]} />
          <p className="muted">{t('console.risk.voidBetHint')}</p>
        </section>
      </div>
      <h2>{t('console.sports.leagues')}</h2>
      <SportsLeagues />
      <SportsResults />
      {may('GET /protection/hits') && (
        <>
          <h2>{t('console.protection.hitsTitle')}</h2>
          <ProtectionHits />
        </>
      )}
    </>
  );
}
