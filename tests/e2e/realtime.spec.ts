import { expect, test, type Page, type WebSocket } from '@playwright/test';
import { approvedMember, expectSignedInAs, login, operator } from './support';

/** Every WebSocket the page opens, the STOMP frames it sends on each, and the most ever open at once. */
function watchSockets(page: Page) {
  const sockets: Array<{ ws: WebSocket; sent: string[]; open: boolean }> = [];
  let mostOpen = 0;
  page.on('websocket', (ws) => {
    const entry = { ws, sent: [] as string[], open: true };
    sockets.push(entry);
    mostOpen = Math.max(mostOpen, sockets.filter((s) => s.open).length);
    ws.on('framesent', (frame) => entry.sent.push(String(frame.payload)));
    ws.on('close', () => {
      entry.open = false;
    });
  });
  return {
    all: () => sockets,
    open: () => sockets.filter((s) => s.open),
    mostOpen: () => mostOpen,
  };
}

/** The STOMP frames of one command among those sent, by their first line. */
function sentFrames(sent: string[], command: string): string[] {
  return sent.filter((frame) => frame.startsWith(`${command}\n`));
}

test('one socket per tab carries the member topic; signing out closes it, signing in again opens one', async ({ page, request }) => {
  const member = await approvedMember(request, 'ws');
  const sockets = watchSockets(page);

  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  await expect.poll(() => sockets.open().length).toBe(1);
  const [first] = sockets.open();
  expect(first!.ws.url()).toMatch(/\/ws$/);
  await expect.poll(() => sentFrames(first!.sent, 'SUBSCRIBE').join()).toMatch(/destination:\/topic\/member\//);
  expect(sentFrames(first!.sent, 'CONNECT').join()).toMatch(/\ntoken:/);

  // Operator pushes reach the header through that socket (it subscribes just after login: push until it lands).
  const unread = page.getByTestId('member-unread');
  await expect(async () => {
    await operator(request, 'POST', `/members/${member.memId}/push`, { cmd: 'MSG', data1: '7', data2: null });
    await expect(unread).toHaveText('7', { timeout: 1_000 });
  }).toPass();
  await operator(request, 'POST', `/members/${member.memId}/push`, { cmd: 'CASH', data1: '123456', data2: '789' });
  await expect(page.getByTestId('member-cash')).toContainText('123,456');
  await expect(page.getByTestId('member-points')).toContainText('789');

  await page.getByTestId('header-logout').click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('member-nick')).toHaveCount(0);
  await expect.poll(() => sockets.open().length).toBe(0);

  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  await expect.poll(() => sockets.open().length).toBe(1);
  const [second] = sockets.open();
  expect(second).not.toBe(first);
  await expect.poll(() => sentFrames(second!.sent, 'SUBSCRIBE').join()).toMatch(/destination:\/topic\/member\//);
  expect(sockets.mostOpen()).toBe(1);
});
