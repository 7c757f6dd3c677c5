/** The board-upload machine with fake actors: draft kept and restored, confirm, post, codes. */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { boardUploadMachine, type DraftStoreEvent, type PostInput } from '../../machines/boardUpload';
import { fakePromise, flush } from './support';

function start() {
  const post = fakePromise<{ boardIdx: number | null }, PostInput>('post');
  const stored: DraftStoreEvent[] = [];
  let sendBack: ((event: AnyEventObject) => void) | null = null;
  const draftStore = { live: () => ({ sendBack: sendBack! }) };
  const machine = boardUploadMachine.provide({
    actors: {
      post: post.logic,
      draftStore: fromCallback(({ sendBack: send, receive }) => {
        sendBack = send;
        receive((event) => stored.push(event as DraftStoreEvent));
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, post, draftStore, stored };
}

const GOOD = { title: '안녕하세요', content: '첫 글입니다' };

describe('boardUploadMachine', () => {
  it('restores a saved draft, confirms and posts once, then clears the draft', async () => {
    const { actor, post, draftStore, stored } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    draftStore.live().sendBack({ type: 'draft.loaded', draft: GOOD });
    expect(actor.getSnapshot().context.draft).toEqual(GOOD);
    actor.send({ type: 'board.images', images: ['file'] });
    actor.send({ type: 'board.submit' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'board.confirm' });
    actor.send({ type: 'board.submit' });
    actor.send({ type: 'board.confirm' });
    expect(post.runs).toHaveLength(1);
    expect(post.current().input).toEqual({ draft: GOOD, images: ['file'] });
    post.current().resolve({ boardIdx: 7 });
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.boardIdx).toBe(7);
    expect(stored).toEqual([{ type: 'draft.clear' }]);
  });

  it('hands every edit to the draft store', () => {
    const { actor, draftStore, stored } = start();
    draftStore.live().sendBack({ type: 'draft.loaded', draft: null });
    actor.send({ type: 'board.edit', draft: { title: '제', content: '' } });
    actor.send({ type: 'board.edit', draft: { title: '제목', content: '' } });
    expect(stored).toEqual([
      { type: 'draft.save', draft: { title: '제', content: '' } },
      { type: 'draft.save', draft: { title: '제목', content: '' } },
    ]);
  });

  it('refuses an empty or markup draft without posting, with its message id', () => {
    const { actor, post, draftStore } = start();
    draftStore.live().sendBack({ type: 'draft.loaded', draft: null });
    actor.send({ type: 'board.submit' });
    expect(actor.getSnapshot().context.errorId).toBe('api.BD001');
    actor.send({ type: 'board.dismiss' });
    actor.send({ type: 'board.edit', draft: { title: '제목', content: '<script>x</script>' } });
    actor.send({ type: 'board.submit' });
    expect(actor.getSnapshot().context.errorId).toBe('api.BD005');
    expect(post.runs).toHaveLength(0);
  });

  it('shows a server refusal by code and keeps the draft; no answer can be retried', async () => {
    const { actor, post, draftStore } = start();
    draftStore.live().sendBack({ type: 'draft.loaded', draft: GOOD });
    actor.send({ type: 'board.submit' });
    actor.send({ type: 'board.confirm' });
    post.current().reject({ code: 'BD009', message: 'x' });
    await flush();
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.errorId).toBe('api.BD009');
    actor.send({ type: 'board.dismiss' });
    expect(actor.getSnapshot().context.draft).toEqual(GOOD);
    actor.send({ type: 'board.submit' });
    actor.send({ type: 'board.confirm' });
    post.current().reject(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().value).toBe('unanswered');
    actor.send({ type: 'board.retry' });
    expect(post.runs).toHaveLength(3);
  });
});
