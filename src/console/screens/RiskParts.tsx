/**
 * Parts of the risk screen (Risk.tsx): the sportsbook settings form (slip rules, exposure limit, a level's limits,
 * typed flat and sent as the contract's body), the leagues with their switch, and a mini game's latest rounds to
 * pick one for its exposure and void. Kept apart from the screen's links so tests can render them alone.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { idParam, type OperatorMiniRound } from '../../../contract/admin';
import type { MiniGame } from '../../../contract/minigames';
import { sportEnabledBody, sportSettingsBody, type OperatorLeague } from '../../../contract/sportsAdmin';
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

export const riskKey = ['risk'] as const;
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

export function SportSettingsForm() {
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
export function SportsLeagues() {
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

export function Exposure({ name, read }: { name: string; read: string | null }) {
  const answer = useQuery({ queryKey: [...riskKey, name, read], queryFn: () => consoleCall<Record<string, unknown>>('GET', read!), enabled: read !== null });
  return read === null ? null : answer.error ? <p className="call-error">{answer.error.message}</p> : <Facts name={name} data={answer.data} />;
}
