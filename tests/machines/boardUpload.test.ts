/** The board-upload machine with fake actors: draft kept and restored, the tail's confirm and post, codes. */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { boardUploadMachine, type DraftStoreEvent } from '../../machines/boardUpload';
import { SEND_TAIL } from '../../machines/sendTail';
import { fakeTail, tailOf } from './sendTail.fixtures';
import { flush } from './support';

function start() {
  const { send: post, logic } = fakeTail();
  const stored: DraftStoreEvent[] = [];
  let sendBack: ((event: AnyEventObject) => void) | null = null;
  const draftStore = { live: () => ({ sendBack: sendBack! }) };
  const machine = boardUploadMachine.provide({
    actors: {
      [SEND_TAIL]: logic,
      draftStore: fromCallback(({ sendBack: send, receive }) => {
        sendBack = send;
        receive((event) => stored.push(event as DraftStoreEvent));
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, post, draftStore, stored, tail: () => tailOf(actor) };
}

const GOOD = { title: '안녕하세요', content: '첫 글입니다' };

describe('boardUploadMachine', () => {
  it('restores a saved draft, confirms and posts once, then clears the draft', async () => {
    const { actor, post, draftStore, stored, tail } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    draftStore.live().sendBack({ type: 'draft.loaded', draft: GOOD });
    expect(actor.getSnapshot().context.draft).toEqual(GOOD);
    actor.send({ type: 'board.images', images: ['file'] });
    actor.send({ type: 'board.submit' });
    expect(tail()?.getSnapshot().value).toBe('confirming');
    tail()?.send({ type: 'send.confirm' });
    actor.send({ type: 'board.submit' });
    tail()?.send({ type: 'send.confirm' });
    expect(post.runs).toHaveLength(1);
    expect(post.current().input.request).toEqual({ draft: GOOD, images: ['file'] });
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
    const { actor, post, draftStore, tail } = start();
    draftStore.live().sendBack({ type: 'draft.loaded', draft: null });
    actor.send({ type: 'board.submit' });
    expect(tail()?.getSnapshot().context.errorId).toBe('api.BD001');
    tail()?.send({ type: 'send.dismiss' });
    actor.send({ type: 'board.edit', draft: { title: '제목', content: '<script>x</script>' } });
    actor.send({ type: 'board.submit' });
    expect(tail()?.getSnapshot().context.errorId).toBe('api.BD005');
    expect(post.runs).toHaveLength(0);
  });

  it('shows a server refusal by code and keeps the draft; no answer can be retried with the same key', async () => {
    const { actor, post, draftStore, tail } = start();
    draftStore.live().sendBack({ type: 'draft.loaded', draft: GOOD });
    actor.send({ type: 'board.submit' });
    tail()?.send({ type: 'send.confirm' });
    post.current().reject({ code: 'BD009', message: 'x' });
    await flush();
    expect(tail()?.getSnapshot().value).toBe('refused');
    expect(tail()?.getSnapshot().context.errorId).toBe('api.BD009');
    tail()?.send({ type: 'send.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft).toEqual(GOOD);
    actor.send({ type: 'board.submit' });
    tail()?.send({ type: 'send.confirm' });
    post.current().reject(new Error('offline'));
    await flush();
    expect(tail()?.getSnapshot().value).toBe('unanswered');
    tail()?.send({ type: 'send.retry' });
    expect(post.runs).toHaveLength(3);
    expect(post.runs[2]!.input.idempotencyKey).toBe(post.runs[1]!.input.idempotencyKey);
    expect(post.runs[1]!.input.idempotencyKey).not.toBe(post.runs[0]!.input.idempotencyKey);
  });
});
