/**
 * What the services need from the real-time channel: pushes to one session, to every live session of a
 * member, or to a public /topic/ feed. server/realtime implements it; tests pass a recording fake.
 */
import type { SocketMessage } from '../contract/types';

export interface Push {
  publishToSession(sessionId: string, msg: SocketMessage): Promise<void>;
  publishToMember(memId: string, msg: SocketMessage): Promise<void>;
  publishToTopic(destination: string, body: unknown): Promise<void>;
}
