/** Model-based test of the board-upload machine: every state and transition replayed on a live actor. */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { boardUploadMachine, type PostInput } from '../../machines/boardUpload';
import { fakeCallback, fakePromise, replayModel } from './support';

const GOOD = { title: '제목', content: '내용' };
const events: AnyEventObject[] = [
  { type: 'draft.loaded', draft: null },
  { type: 'board.edit', draft: GOOD },
  { type: 'board.images', images: [] },
  { type: 'board.submit' },
  { type: 'board.confirm' },
  { type: 'board.cancel' },
  { type: 'board.retry' },
  { type: 'board.dismiss' },
  { type: 'xstate.done.actor.post', output: { boardIdx: 3 } },
  { type: 'xstate.error.actor.post', error: { code: 'BD001', message: 'x' } },
  { type: 'xstate.error.actor.post', error: new Error('offline') },
];

type Snapshot = SnapshotFrom<typeof boardUploadMachine>;

describe('boardUploadMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    // The model has no invoked actors (they become events), so its messages to the draft store go nowhere;
    // the live actors below keep the real ones.
    const model = boardUploadMachine.provide({ actions: { saveDraft: () => {}, clearDraft: () => {} } });
    const paths = await replayModel(model, {
      events,
      guardedContext: ({ context }: Snapshot) => ({ draft: context.draft, errorId: context.errorId }),
      harness: (coverage) => {
        const post = fakePromise<{ boardIdx: number | null }, PostInput>('post');
        const draftStore = fakeCallback<void>('draftStore');
        const actor = createActor(boardUploadMachine.provide({ actors: { post: post.logic, draftStore: draftStore.logic } }), { inspect: coverage.inspect });
        actor.start();
        return {
          actor,
          promises: { post },
          callbackFor: (event) => (event.type === 'draft.loaded' ? draftStore : undefined),
        };
      },
    });
    for (const target of ['done', 'refused', 'unanswered'] as const) expect(paths.some((path) => path.steps.some((step) => step.state.matches(target))), target).toBe(true);
  });
});
