/**
 * What the services need from the real-time channel: pushes to one session or to every live session
 * of a member. server/realtime implements it; tests pass a recording fake.
 */
import type { SocketMessage } from '../contract/types';

export interface Push {
  publishToSession(sessionId: string, msg: SocketMessage): Promise<void>;
  publishToMember(memId: string, msg: SocketMessage): Promise<void>;
}
