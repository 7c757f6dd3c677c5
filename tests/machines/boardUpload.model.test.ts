/** Model-based test of the board-upload machine (its tail stood in by a promise of the tail's output): every state and transition replayed on a live actor. */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { boardUploadMachine } from '../../machines/boardUpload';
import { SEND_TAIL } from '../../machines/sendTail';
import { fakeTailOutput, outputOf } from './sendTail.fixtures';
import { fakeCallback, replayModel } from './support';

const GOOD = { title: '제목', content: '내용' };
const events: AnyEventObject[] = [
  { type: 'draft.loaded', draft: null },
  { type: 'board.edit', draft: GOOD },
  { type: 'board.images', images: [] },
  { type: 'board.submit' },
  ...(['answered', 'cancelled', 'refused', 'unanswered'] as const).map((outcome) => ({
    type: 'xstate.done.actor.tail',
    output: outputOf(outcome, outcome === 'answered' ? { boardIdx: 3 } : null),
  })),
];

type Snapshot = SnapshotFrom<typeof boardUploadMachine>;

describe('boardUploadMachine model', () => {
  it('replays shortest paths to every state and transition on a live actor', async () => {
    // The model has no invoked actors (they become events), so its messages to the draft store go nowhere;
    // the live actors below keep the real ones.
    const model = boardUploadMachine.provide({ actions: { saveDraft: () => {}, clearDraft: () => {} } });
    const paths = await replayModel(model, {
      events,
      guardedContext: ({ context }: Snapshot) => ({ draft: context.draft }),
      harness: (coverage) => {
        const tail = fakeTailOutput();
        const draftStore = fakeCallback<void>('draftStore');
        const actor = createActor(boardUploadMachine.provide({ actors: { [SEND_TAIL]: tail.logic as never, draftStore: draftStore.logic } }), { inspect: coverage.inspect });
        actor.start();
        return {
          actor,
          promises: { tail },
          callbackFor: (event) => (event.type === 'draft.loaded' ? draftStore : undefined),
        };
      },
    });
    expect(paths.some((path) => path.state.status === 'done')).toBe(true);
  });
});
