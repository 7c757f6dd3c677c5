import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { approvedMember, expectSignedInAs, isPhone, koText, login, operator, uniqueId } from './support';

const paths = (page: Page) => (isPhone(page)
  ? { inbox: '/member/msg', qna: '/member/qnaList', notices: '/member/noticeList', info: '/member/info' }
  : { inbox: '/mypage/message/list', qna: '/qna/list', notices: '/notice/list', info: '/mypage/info' });

/** Signs a fresh member in and waits until their socket hears pushes (it subscribes just after login). */
async function signIn(page: Page, request: APIRequestContext) {
  const member = await approvedMember(request, 'msg');
  await login(page, member.memId, member.memPass);
  await expectSignedInAs(page, member.memNick);
  await expect(async () => {
    await operator(request, 'POST', `/members/${member.memId}/push`, { cmd: 'MSG', data1: '9', data2: null });
    await expect(page.getByTestId('member-unread')).toHaveText('9', { timeout: 1_000 });
  }).toPass();
  return member;
}

async function acceptAlert(page: Page, text: string) {
  await expect(page.getByTestId('alert')).toContainText(text);
  await page.getByTestId('alert-ok').click();
}

test('an operator message raises the popup, opens the inbox, is read, refused while unread and then deleted', async ({ page, request }) => {
  const member = await signIn(page, request);
  const title = `안내 ${uniqueId('t')}`;
  await operator(request, 'POST', '/messages', { target: 'member', memId: member.memId, title, content: '첫 줄\n1 < 2 & "따옴표" 그대로' });
  await expect(page.getByTestId('member-unread')).toHaveText('1');
  await acceptAlert(page, koText('front.msg.arrived'));
  await expect(page).toHaveURL(new RegExp(`${paths(page).inbox}$`));

  const row = page.getByTestId('msg-list-row').filter({ hasText: title });
  await expect(row.getByTestId('msg-status')).toHaveText(koText('front.msg.unread'));
  // Nothing selected: told to select; an unread one: M002, and it stays.
  await page.getByTestId('msg-delete').click();
  await acceptAlert(page, koText('api.M001'));
  await row.getByTestId('msg-select').check();
  await page.getByTestId('msg-delete').click();
  await page.getByTestId('confirm-yes').click();
  await acceptAlert(page, koText('api.M002'));
  await expect(row).toBeVisible();

  await row.getByTestId('msg-link').click();
  await expect(page.getByTestId('message-title')).toHaveText(title);
  // Member text is shown as text, line breaks kept, never as markup.
  await expect(page.getByTestId('message-content')).toHaveText('첫 줄\n1 < 2 & "따옴표" 그대로');
  await expect(page.getByTestId('member-unread')).toHaveText('0');

  await page.getByTestId('message-back').click();
  await expect(row.getByTestId('msg-status')).toHaveText(koText('front.msg.read'));
  await row.getByTestId('msg-select').check();
  await page.getByTestId('msg-delete').click();
  await page.getByTestId('confirm-yes').click();
  await acceptAlert(page, koText('front.board.completeDelete'));
  await expect(row).toHaveCount(0);
});

test('a question waits, the operator answers, it shows answered and the answer arrives as a message', async ({ page, request }) => {
  const member = await signIn(page, request);
  await page.goto(paths(page).qna);
  await page.getByTestId('qna-write-link').click();
  const title = `입금 문의 ${uniqueId('q')}`;
  await page.getByTestId('qna-form').getByLabel(koText('front.board.title'), { exact: true }).fill(title);
  await page.getByTestId('qna-submit').click();
  await acceptAlert(page, koText('api.BD002'));
  await page.getByTestId('qna-form').getByLabel(koText('front.board.content'), { exact: true }).fill('입금했는데 아직 안 들어왔어요.');
  await page.getByTestId('qna-submit').click();
  await page.getByTestId('confirm-yes').click();
  await acceptAlert(page, koText('front.board.complete'));
  const row = page.getByTestId('qna-list-row').filter({ hasText: title });
  await expect(row.getByTestId('qna-status')).toHaveText(koText('front.qna.waiting'));

  const waiting = await operator(request, 'GET', '/questions?status=waiting') as { list: { boardIdx: number; memId: string; title: string }[] };
  const question = waiting.list.find((q) => q.memId === member.memId && q.title === title)!;
  await operator(request, 'POST', `/questions/${question.boardIdx}/answer`, { answer: '확인 후 충전해드렸습니다.' });
  await acceptAlert(page, koText('front.msg.arrived'));
  await expect(page.getByTestId('msg-list-row').filter({ hasText: `[답변] ${title}` })).toBeVisible();

  await page.goto(paths(page).qna);
  await expect(row.getByTestId('qna-status')).toHaveText(koText('front.qna.answered'));
  await row.getByTestId('qna-list-link').click();
  await expect(page.getByTestId('qna-answer')).toHaveText('확인 후 충전해드렸습니다.');
});

test.describe('with the service worker', () => {
  // Working with no connection is the worker's part (the others block it: see playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('a notice and a read message open with no connection, marked as saved copies', async ({ page, request, context }) => {
    const member = await signIn(page, request);
    const title = `오프라인 공지 ${uniqueId('n')}`;
    await operator(request, 'POST', '/notices', { title, content: '연결 없이도 읽을 수 있습니다.' });
    await operator(request, 'POST', '/messages', { target: 'member', memId: member.memId, title: '보관 메세지', content: '오프라인에서도 보입니다.' });
    await acceptAlert(page, koText('front.msg.arrived'));
    await page.getByTestId('msg-list-row').filter({ hasText: '보관 메세지' }).getByTestId('msg-link').click();
    await expect(page.getByTestId('message-content')).toHaveText('오프라인에서도 보입니다.');
    await page.goto(paths(page).notices);
    await page.getByTestId('notice-list-link').filter({ hasText: title }).click();
    await expect(page.getByTestId('post-content')).toHaveText('연결 없이도 읽을 수 있습니다.');
    await page.getByTestId('tab-notice').click();
    await expect(page.getByTestId('notice-list-link').filter({ hasText: title })).toBeVisible();

    await context.setOffline(true);
    try {
      await page.getByTestId('notice-list-link').filter({ hasText: title }).click();
      await expect(page.getByTestId('post-content')).toHaveText('연결 없이도 읽을 수 있습니다.');
      await expect(page.getByTestId('offline-copy')).toBeVisible();
      const inbox = page.locator('[data-testid=member-inbox]').first();
      await inbox.click();
      await expect(page.getByTestId('offline-copy')).toBeVisible();
      await page.getByTestId('msg-list-row').filter({ hasText: '보관 메세지' }).getByTestId('msg-link').click();
      await expect(page.getByTestId('message-content')).toHaveText('오프라인에서도 보입니다.');
      await expect(page.getByTestId('offline-copy')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('a question written offline is kept and sent once when back online, even with two tabs open', async ({ page, request, context }) => {
    const member = await signIn(page, request);
    await page.goto(paths(page).qna);
    const other = await context.newPage();
    await other.goto(paths(page).qna);
    await expect(other.getByTestId('qna-page')).toBeVisible();
    await page.getByTestId('qna-write-link').click();
    const title = `오프라인 문의 ${uniqueId('o')}`;
    await page.getByTestId('qna-form').getByLabel(koText('front.board.title'), { exact: true }).fill(title);
    await page.getByTestId('qna-form').getByLabel(koText('front.board.content'), { exact: true }).fill('연결이 끊긴 채로 작성했습니다.');

    await context.setOffline(true);
    await page.getByTestId('qna-submit').click();
    await page.getByTestId('confirm-yes').click();
    await acceptAlert(page, koText('front.qna.keptOffline'));
    await expect(page.getByTestId('qna-draft')).toHaveText(title);
    await expect(other.getByTestId('qna-draft')).toHaveText(title);

    await context.setOffline(false);
    await expect(page.getByTestId('qna-drafts')).toHaveCount(0);
    await expect(other.getByTestId('qna-drafts')).toHaveCount(0);
    // Whichever tab sent it, both lists show it.
    await expect(page.getByTestId('qna-list-row').filter({ hasText: title })).toBeVisible();
    await expect(other.getByTestId('qna-list-row').filter({ hasText: title })).toBeVisible();
    const waiting = await operator(request, 'GET', '/questions?status=waiting') as { list: { memId: string; title: string }[] };
    expect(waiting.list.filter((q) => q.memId === member.memId && q.title === title)).toHaveLength(1);
    await other.close();
  });
});
