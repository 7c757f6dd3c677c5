/**
 * The console's one table (TanStack Table): every list is paged, filtered (a text filter over every
 * column, plus whatever filters of the call the screen puts in `toolbar`) and sortable by a click on a
 * column's head. Rows come whole from the operator API; the table pages them here.
 */
import {
  flexRender, getCoreRowModel, getFilteredRowModel, getPaginationRowModel, getSortedRowModel, useReactTable,
  type ColumnDef, type SortingState,
} from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import { useCt } from '../i18n';
import { ErrorNote } from './actions';

export type { ColumnDef };

type Fields = Record<string, unknown>;

/** A cell's value as text: objects and lists as JSON. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Columns for rows whose fields the console shows as they come (games, banners, a partner's line): one per
 * field of the first row, headed by the field's name, with `extra` (the row's actions) after them.
 */
export function fieldColumns<Row extends Fields>(rows: readonly Row[] | undefined, extra: ColumnDef<Row>[] = [], skip: readonly string[] = []): ColumnDef<Row>[] {
  const keys = Object.keys(rows?.[0] ?? {}).filter((key) => !skip.includes(key));
  return [
    ...keys.map((key): ColumnDef<Row> => ({
      id: key,
      header: key,
      accessorFn: (row) => {
        const value = row[key];
        return typeof value === 'number' || typeof value === 'string' ? value : cellText(value);
      },
      cell: (c) => <span className="clip" title={cellText(c.getValue())}>{cellText(c.getValue())}</span>,
    })),
    ...extra,
  ];
}

const PAGE_SIZES = [10, 20, 50, 100];
/**
 * The rows of a list still loading: one array for every render, since a new one each time is new data to the
 * table, whose page index is then reset, which renders again (a loop that holds the page while a list loads).
 */
const NO_ROWS: never[] = [];

export interface DataTableProps<Row> {
  /** The table's name for tests and screen readers. */
  name: string;
  rows: readonly Row[] | undefined;
  // Columns of different value types: TanStack Table's own typing of a column list.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  rowId: (row: Row) => string;
  toolbar?: ReactNode;
  initialSort?: SortingState;
  pageSize?: number;
  loading?: boolean;
  /** The list call's refusal, shown above the table (a role refused answers OP004). */
  error?: Error | null;
  /**
   * Pages of a call that pages on the server (the member search, a member's ledger): `rows` is one page, the
   * pager moves between the server's pages; the filter and sorting work within the page.
   */
  serverPage?: ServerPage;
}

export interface ServerPage {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

export function DataTable<Row>({ name, rows, columns, rowId, toolbar, initialSort = [], pageSize = 20, loading = false, error = null, serverPage }: DataTableProps<Row>) {
  const t = useCt();
  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const [globalFilter, setGlobalFilter] = useState('');
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize });
  const table = useReactTable({
    data: (rows ?? NO_ROWS) as Row[],
    columns,
    state: { sorting, globalFilter, pagination },
    // A server's page is shown whole: no paging here.
    manualPagination: serverPage !== undefined,
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onPaginationChange: setPagination,
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: serverPage === undefined,
  });
  const shown = table.getFilteredRowModel().rows.length;
  return (
    <section className="data-table" data-testid={`table-${name}`} aria-label={name}>
      <div className="toolbar">
        {toolbar}
        <input
          type="search"
          className="filter"
          placeholder={t('console.table.filter')}
          aria-label={t('console.table.filter')}
          value={globalFilter}
          onChange={(event) => setGlobalFilter(event.target.value)}
          data-testid={`table-${name}-filter`}
        />
      </div>
      <ErrorNote error={error} />
      <table>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th key={header.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                    {header.isPlaceholder ? null : header.column.getCanSort() ? (
                      <button type="button" className="sort" onClick={header.column.getToggleSortingHandler()}>
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                      </button>
                    ) : flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid={`row-${row.id}`}>
              {row.getVisibleCells().map((cell) => <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>)}
            </tr>
          ))}
          {shown === 0 && (
            <tr><td colSpan={columns.length} className="empty">{loading ? t('console.table.loading') : t('console.table.empty')}</td></tr>
          )}
        </tbody>
      </table>
      {serverPage ? <ServerPager {...serverPage} /> : (
      <div className="pager">
        <span>{t('console.table.count', { count: shown })}</span>
        <button type="button" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>{t('console.table.previous')}</button>
        <span>{t('console.table.page', { page: pagination.pageIndex + 1, pages: Math.max(table.getPageCount(), 1) })}</span>
        <button type="button" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>{t('console.table.next')}</button>
        <select aria-label={t('console.table.pageSize')} value={pagination.pageSize} onChange={(event) => table.setPageSize(Number(event.target.value))}>
          {PAGE_SIZES.map((size) => <option key={size} value={size}>{t('console.table.perPage', { size })}</option>)}
        </select>
      </div>
      )}
    </section>
  );
}

function ServerPager({ page, pageSize, total, onPage }: ServerPage) {
  const t = useCt();
  const pages = Math.max(Math.ceil(total / pageSize), 1);
  return (
    <div className="pager">
      <span>{t('console.table.count', { count: total })}</span>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>{t('console.table.previous')}</button>
      <span>{t('console.table.page', { page, pages })}</span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= pages}>{t('console.table.next')}</button>
    </div>
  );
}
