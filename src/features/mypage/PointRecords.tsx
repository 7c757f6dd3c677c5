import type { PointRecord } from '../../../contract/wallet';
import { usePointList } from '../../data/queries';
import { useT } from '../../i18n';
import { DateRange } from '../../ui/DateRange';
import { DateText } from '../../ui/DateText';
import { ListView, type Column } from '../../ui/ListView';
import { Money } from '../../ui/Money';
import { todayRange } from '../../ui/dayRange';
import { pointKindLabel, pointUseLabel } from './pointRules';

/** SPEC §3 point record: accrual date, kind, percent, bonus percent, accrued points, use class, applied points. */
export function PointRecords() {
  const t = useT();
  const list = usePointList(todayRange());
  const columns: Column<PointRecord>[] = [
    { label: 'front.mypage.col.accruedAt', cell: (row) => <DateText value={row.accruedAt} /> },
    { label: 'front.mypage.col.kind', cell: (row) => t(pointKindLabel(row)) },
    { label: 'front.mypage.col.percent', align: 'end', cell: (row) => `${row.percent}%` },
    { label: 'front.mypage.col.bonusPercent', align: 'end', cell: (row) => `${row.bonusPercent}%` },
    { label: 'front.mypage.col.accruedPoints', align: 'end', cell: (row) => <Money amount={row.accruedPoints} unit="points" /> },
    { label: 'front.mypage.col.useClass', align: 'center', cell: (row) => t(pointUseLabel(row)) },
    { label: 'front.mypage.col.appliedPoints', align: 'end', cell: (row) => <Money amount={row.appliedPoints} unit="points" /> },
  ];
  return (
    <>
      <DateRange value={list.filter} busy={list.state.status === 'loading'} onSearch={list.search} />
      <ListView list={list} columns={columns} rowKey={(row) => row.recordId} emptyId="front.mypage.emptyPoints" testId="point-records" />
    </>
  );
}
