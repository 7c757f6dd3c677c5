import { describe, expect, it } from 'vitest';
import { negotiateHeartBeat } from '../../server/realtime/broker';

const server = { canSend: 10_000, wants: 10_000 };

describe('STOMP heart-beat negotiation', () => {
  it('takes the larger of what one side can send and what the other wants', () => {
    expect(negotiateHeartBeat({ canSend: 5_000, wants: 20_000 }, server)).toEqual({ outgoing: 20_000, incoming: 10_000 });
    expect(negotiateHeartBeat({ canSend: 10_000, wants: 10_000 }, server)).toEqual({ outgoing: 10_000, incoming: 10_000 });
    expect(negotiateHeartBeat({ canSend: 30_000, wants: 1_000 }, server)).toEqual({ outgoing: 10_000, incoming: 30_000 });
  });

  it('switches a direction off when either side says 0', () => {
    expect(negotiateHeartBeat({ canSend: 0, wants: 0 }, server)).toEqual({ outgoing: 0, incoming: 0 });
    expect(negotiateHeartBeat({ canSend: 0, wants: 5_000 }, server)).toEqual({ outgoing: 10_000, incoming: 0 });
    expect(negotiateHeartBeat({ canSend: 5_000, wants: 5_000 }, { canSend: 0, wants: 0 })).toEqual({ outgoing: 0, incoming: 0 });
  });
});
