/**
 * Risk and trading: mini games (settings per game, pausing, the latest rounds to pick one for its exposure and
 * void) and the sportsbook (leagues on or off, settings, margins, voiding a bet; fixtures, results, exposure and
 * markets in SportsResults.tsx), and the report of members who hit a protection limit or break.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { idParam, miniSettingsBody, type OperatorMiniRound } from '../../../contract/admin';
import { MINI_GAMES, type MiniGame } from '../../../contract/minigames';
import { sportBetParam, sportEnabledBody, sportMarginsBody, sportSettingsBody, type OperatorLeague } from '../../../contract/sportsAdmin';
import { consoleCall, queryString } from '../api';
import { useCt } from '../i18n';
import { useMay } from '../session';
import { ActionButton } from '../ui/actions';
import { DataTable, type ColumnDef } from '../ui/DataTable';
import { Facts } from '../ui/Facts';
import { FilterSelect } from '../ui/FilterSelect';
import { Label, seoulTime, won } from '../ui/format';
import { ReadForm } from '../ui/ReadForm';
import { SchemaForm, type FieldSpec } from '../ui/SchemaForm';
import { SportsResults } from './SportsResults';

const riskKey = ['risk'] as const;
const BP_FIELDS = ['winloose', 'handy', 'underover', 'special'] as const;
const ROUND_STATUSES = ['open', 'drawn', 'settled', 'void'] as const;
const RULE_FIELDS = ['maxLegs', 'minSingleOddsCents', 'maxTotalOddsCents', 'folderBonusMinLegOddsCents', 'prematchCloseSeconds'] as const;
const LIMIT_FIELDS = ['minStake', 'maxStake', 'maxPayout'] as const;

const optionalNumber = z.number().optional();
/**
 * The sportsbook settings form: a few slip rules, the exposure limit and one level's limits, typed flat and sent as
 * the contract's sportSettingsBody (only what was entered; a level's limits need all three).
 */
export const sportSettingsSchema = z.object({
  exposureLimit: optionalNumber, level: z.string().optional(),
  ...Object.fromEntries([...RULE_FIELDS, ...LIMIT_FIELDS].map((name) => [name, optionalNumber])),
}).transform(({ exposureLimit, level, ...rest }): z.input<typeof sportSettingsBody> => {
  const values = rest as Record<string, number | undefined>;
  const rules = Object.fromEntries(RULE_FIELDS.flatMap((name) => (values[name] === undefined ? [] : [[name, values[name]]])));
  const limits = Object.fromEntries(LIMIT_FIELDS.map((name) => [name, values[name]]));
  return {
    ...(Object.keys(rules).length > 0 ? { rules } : {}),
    ...(level ? { levelLimits: { [level]: limits as { minStake: number; maxStake: number; maxPayout: number } } } : {}),
    ...(exposureLimit === undefined ? {} : { exposureLimit }),
  };
}).pipe(sportSettingsBody);

type SportSettingsRead = { rules: Record<string, unknown>; defaultLimits: Record<string, unknown>; exposureLimit: number };

function SportSettingsForm() {
  const t = useCt();
  const fields: FieldSpec[] = [
    { name: 'exposureLimit', label: t('console.sports.exposureLimit'), kind: 'number', optional: true },
    ...RULE_FIELDS.map((name): FieldSpec => ({ name, label: t(`console.sports.${name}`), kind: 'number', optional: true })),
    { name: 'level', label: t('console.sports.level'), optional: true },
    ...LIMIT_FIELDS.map((name): FieldSpec => ({ name, label: t(`console.sports.${name}`), kind: 'number', optional: true })),
  ];
  return (
    <ReadForm name="sport-settings" title={t('console.sports.settings')} read="/sports/settings" dataOf={(a: SportSettingsRead) => ({ ...a })} fields={fields}
      schema={sportSettingsSchema} write={(body) => consoleCall('PUT', '/sports/settings', body)}
      initialOf={(data) => {
        const read = data as unknown as SportSettingsRead;
        const text = (value: unknown) => (value == null ? '' : String(value));
        return {
          exposureLimit: text(read.exposureLimit), level: '1',
          ...Object.fromEntries(RULE_FIELDS.map((name) => [name, text(read.rules[name])])),
          ...Object.fromEntries(LIMIT_FIELDS.map((name) => [name, text(read.defaultLimits[name])])),
        };
      }} />
  );
}

/** The sportsbook's leagues with the operator's switch (off: none of its fixtures listed or open to bets). */
function SportsLeagues() {
  const t = useCt();
  const may = useMay();
  const leagues = useQuery({ queryKey: [...riskKey, 'leagues'], queryFn: () => consoleCall<{ list: OperatorLeague[] }>('GET', '/sports/leagues') });
  const columns: ColumnDef<OperatorLeague>[] = [
    { accessorKey: 'leagueId', header: t('console.fixtures.league') },
    { accessorKey: 'sport', header: t('console.fixtures.sport') },
    { id: 'name', header: t('console.games.name'), accessorFn: (row) => `${row.names.ko} · ${row.names.en}` },
    { accessorKey: 'openFixtures', header: t('console.sports.openFixtures') },
    { accessorKey: 'enabled', header: t('console.games.enabled'), cell: (c) => t(c.getValue<boolean>() ? 'console.form.yes' : 'console.form.no') },
    {
      id: 'actions', header: t('console.common.actions'), enableSorting: false,
      cell: ({ row: { original: row } }) => may('PUT /sports/leagues/:leagueId') && (
        <ActionButton label={t(row.enabled ? 'console.community.switchOff' : 'console.community.switchOn')} testId={`switch-league-${row.leagueId}`}
          send={() => consoleCall('PUT', `/sports/leagues/${encodeURIComponent(row.leagueId)}`, sportEnabledBody.parse({ enabled: !row.enabled }))} refresh={[riskKey]} />
      ),
    },
  ];
  return <DataTable name="leagues" rows={leagues.data?.list} loading={leagues.isPending} error={leagues.error} columns={columns} rowId={(row) => row.leagueId} pageSize={10} />;
}

/** A game's latest rounds: one is picked from the list for its exposure and, if need be, its void. */
export function MiniRounds({ game }: { game: MiniGame }) {
  const t = useCt();
  const [status, setStatus] = useState<(typeof ROUND_STATUSES)[number] | ''>('');
  const [round, setRound] = useState<OperatorMiniRound | null>(null);
  const rounds = useQuery({
    queryKey: [...riskKey, 'rounds', game, status],
    queryFn: () => consoleCall<{ list: OperatorMiniRound[] }>('GET', `/minigames/rounds${queryString({ game, status })}`),
  });
  const columns: ColumnDef<OperatorMiniRound>[] = [
    { accessorKey: 'id', header: t('console.risk.roundId') },
    { id: 'round', header: t('console.risk.round'), accessorFn: (row) => `${row.day} #${row.roundNo}` },
    { accessorKey: 'status', header: t('console.common.status'), cell: (c) => <Label group="roundStatus" value={c.getValue<string>()} /> },
    { accessorKey: 'drawsAt', header: t('console.risk.drawsAt'), cell: (c) => seoulTime(c.getValue<string>()) },
    { accessorKey: 'bets', header: t('console.fixtures.bets') },
    { accessorKey: 'stakes', header: t('console.fixtures.stakes'), cell: (c) => won(c.getValue<number>()) },
    {
      id: 'actions', header: t('console.common.actions'), enableSorting: false,
      cell: ({ row: { original: row } }) => (
        <button type="button" className={round?.id === row.id ? 'primary' : 'plain'} data-testid={`pick-round-${row.id}`} onClick={() => setRound(row)}>
          {t('console.risk.exposure')}
        </button>
      ),
    },
  ];
  return (
    <>
      <DataTable name="mini-rounds" rows={rounds.data?.list} loading={rounds.isPending} error={rounds.error} columns={columns} rowId={(row) => String(row.id)}
        pageSize={10} initialSort={[{ id: 'id', desc: true }]}
        toolbar={<FilterSelect label={t('console.common.status')} value={status} values={ROUND_STATUSES} group="roundStatus" all onChange={setStatus} />} />
      {round !== null && round.game === game && (
        <>
          <h3>{t('console.risk.roundOf', { round: `${round.day} #${round.roundNo}`, id: round.id })}</h3>
          <Exposure name="round-exposure" read={`/minigames/rounds/${round.id}/exposure`} />
          {(round.status === 'open' || round.status === 'drawn') && (
            <SchemaForm name="mini-void" schema={idParam} fields={[]} fixed={{ id: round.id }} submitLabel={t('console.risk.voidRound', { id: round.id })}
              send={({ id }) => consoleCall('POST', `/minigames/rounds/${id}/void`)} refresh={[riskKey]} />
          )}
        </>
      )}
    </>
  );
}

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

function Exposure({ name, read }: { name: string; read: string | null }) {
  const answer = useQuery({ queryKey: [...riskKey, name, read], queryFn: () => consoleCall<Record<string, unknown>>('GET', read!), enabled: read !== null });
  return read === null ? null : answer.error ? <p className="call-error">{answer.error.message}</p> : <Facts name={name} data={answer.data} />;
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
