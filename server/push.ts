/**
 * What the services need from the real-time channel: pushes to one session, to every live session of a
 * member, or to a public topic. Only what contract/topics.ts builds goes out: a member frame of
 * MEMBER_FRAMES, a payload on a PUBLIC_TOPICS destination of that topic's type. server/realtime
 * implements it; tests pass a recording fake.
 */
import type { MemberMessage, TopicDestination } from '../contract/topics';

export interface Push {
  publishToSession(sessionId: string, msg: MemberMessage): Promise<void>;
  publishToMember(memId: string, msg: MemberMessage): Promise<void>;
  publishToTopic<P>(destination: TopicDestination<P>, body: P): Promise<void>;
}
