import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { Pager } from './Pager';
import { ReadNote } from './ReadNote';
import './ListView.css';
import type { PagedList } from './usePagedList';

export interface Column<T> {
  /** Message id of the header. */
  label: string;
  cell(row: T): ReactNode;
  align?: 'end' | 'center';
}

export interface ListViewProps<T, F> {
  list: PagedList<T, F>;
  columns: readonly Column<T>[];
  rowKey(row: T): string | number;
  emptyId: string;
  testId: string;
}

/**
 * A paged list as a table (each cell labelled, so phones show rows as cards), with the state of the page
 * (loading, failed, empty) and the pager under it.
 */
export function ListView<T, F>({ list, columns, rowKey, emptyId, testId }: ListViewProps<T, F>) {
  const t = useT();
  const { state } = list;
  return (
    <div className="list-view" data-testid={testId} aria-busy={state.status === 'loading'}>
      <table className="list-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} className={column.align ? `is-${column.align}` : undefined}>
                {t(column.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {state.status === 'ready' &&
            state.data.list.map((row) => (
              <tr key={rowKey(row)} data-testid={`${testId}-row`}>
                {columns.map((column) => (
                  <td key={column.label} data-label={t(column.label)} className={column.align ? `is-${column.align}` : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
        </tbody>
      </table>
      {state.status !== 'ready' && <ReadNote read={state} />}
      {state.status === 'ready' && state.data.list.length === 0 && <p className="panel-note">{t(emptyId)}</p>}
      {state.status === 'ready' && <Pager pageInfo={state.data.pageInfo} onPage={list.goTo} />}
    </div>
  );
}
