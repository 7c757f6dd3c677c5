// @vitest-environment jsdom
/**
 * The console's one table and one form: the table pages, filters and sorts its rows; the form checks its
 * value with the contract's schema before anything is sent (a refused value shows its issue and sends
 * nothing), leaves an unchanged field out of a partial update, and sends numbers as numbers.
 */
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pointsBody, restrictionsBody } from '../../contract/admin';
import { activateConsoleLocale, consoleI18n } from '../../src/console/i18n';
import { DataTable, type ColumnDef } from '../../src/console/ui/DataTable';
import { Facts } from '../../src/console/ui/Facts';
import { SchemaForm } from '../../src/console/ui/SchemaForm';

beforeAll(() => activateConsoleLocale('ko'));
afterEach(cleanup);

function withConsole(ui: ReactNode) {
  return render(
    <I18nProvider i18n={consoleI18n}>
      <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
}

type Row = { id: number; name: string };
const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `member${String(i + 1).padStart(2, '0')}` }));
const columns: ColumnDef<Row>[] = [{ accessorKey: 'id', header: 'id' }, { accessorKey: 'name', header: 'name' }];

describe('the console table', () => {
  it('pages, filters and sorts', async () => {
    const user = userEvent.setup();
    withConsole(<DataTable name="t" rows={rows} columns={columns} rowId={(row) => String(row.id)} pageSize={10} />);
    const table = screen.getByTestId('table-t');
    expect(within(table).getByText('25건')).toBeTruthy();
    expect(within(table).getByText('1 / 3 쪽')).toBeTruthy();
    expect(within(table).queryByTestId('row-11')).toBeNull();
    await user.click(within(table).getByRole('button', { name: '다음' }));
    expect(within(table).getByTestId('row-11')).toBeTruthy();
    await user.type(within(table).getByTestId('table-t-filter'), 'member07');
    expect(within(table).getByText('1건')).toBeTruthy();
    expect(within(table).getByTestId('row-7')).toBeTruthy();
    await user.clear(within(table).getByTestId('table-t-filter'));
    // A number column sorts from the largest first, then the other way.
    const firstRow = () => within(table).getAllByRole('row')[1]!.getAttribute('data-testid');
    await user.click(within(table).getByRole('button', { name: 'id' }));
    expect(firstRow()).toBe('row-25');
    await user.click(within(table).getByRole('button', { name: /id/ }));
    expect(firstRow()).toBe('row-1');
  });
});

describe('the console table over a server\'s pages', () => {
  it('shows the page it is given whole and asks for the next from the server', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    // Rows not there yet (the first read), then a page of 25 of 60: no render loop either way.
    const view = withConsole(<DataTable name="s" rows={undefined} columns={columns} rowId={(row) => String(row.id)} serverPage={{ page: 1, pageSize: 25, total: 0, onPage }} />);
    expect(within(screen.getByTestId('table-s')).getByText('0건')).toBeTruthy();
    view.rerender(
      <I18nProvider i18n={consoleI18n}>
        <QueryClientProvider client={new QueryClient()}>
          <DataTable name="s" rows={rows} columns={columns} rowId={(row) => String(row.id)} serverPage={{ page: 2, pageSize: 25, total: 60, onPage }} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    const table = screen.getByTestId('table-s');
    expect(within(table).getByTestId('row-25')).toBeTruthy();
    expect(within(table).getByText('60건')).toBeTruthy();
    expect(within(table).getByText('2 / 3 쪽')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: '다음' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });
});

describe('the console form', () => {
  it('sends only what the schema accepts, numbers as numbers', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({ ok: true }));
    withConsole(
      <SchemaForm name="points" schema={pointsBody} submitLabel="send" send={send}
        fields={[{ name: 'amount', label: 'amount', kind: 'number' }, { name: 'reason', label: 'reason' }]} />,
    );
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findAllByRole('alert')).not.toHaveLength(0);
    expect(send).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('amount'), '500');
    await user.type(screen.getByLabelText('reason'), '이벤트');
    await user.click(screen.getByRole('button', { name: 'send' }));
    await screen.findByText('완료되었습니다');
    expect(send).toHaveBeenCalledWith({ amount: 500, reason: '이벤트' });
  });

  it('leaves an unchanged switch out of a partial update, and refuses one that changes nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({ ok: true }));
    withConsole(
      <SchemaForm name="restrictions" schema={restrictionsBody} submitLabel="save" send={send}
        fields={[{ name: 'depositBanned', label: 'deposit', kind: 'tristate' }, { name: 'suspended', label: 'suspended', kind: 'tristate' }]} />,
    );
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    await user.selectOptions(screen.getByLabelText('suspended'), 'true');
    await user.click(screen.getByRole('button', { name: 'save' }));
    await screen.findByText('완료되었습니다');
    expect(send).toHaveBeenCalledWith({ suspended: true });
  });
});

describe('the console facts', () => {
  it('flattens nested answers to named rows in Korean: no JSON, flags as 예/아니오, nothing as a dash', () => {
    withConsole(<Facts name="f" data={{ locked: false, openGameKey: null, use: { day: { deposit: 40_000 } }, limits: [] }} />);
    const facts = screen.getByTestId('facts-f');
    const text = [...facts.querySelectorAll('div')].map((row) => `${row.querySelector('dt')!.textContent}=${row.querySelector('dd')!.textContent}`);
    expect(text).toEqual(['게임 잠금=아니오', '열린 게임=—', '사용 · 일 · 입금=40,000', '한도=—']);
    expect(facts.textContent).not.toMatch(/[{}]/);
  });
});
