/**
 * The operator topic (contract/console.ts OPERATOR_TOPIC) over the site's real-time channel (STOMP over
 * WebSocket at /ws, the console session's cookie naming the operator; payloads sealed as every real-time
 * payload is, src/realtime/frames.ts): each event reads its list again at
 * once (and the dashboard's figures a cash event changes) and counts towards its menu badge until that screen is opened; a short tone when sound is on.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { decodeOperatorEvent, OPERATOR_TOPIC, type OperatorEventKind } from '../../contract/console';
import { openBody } from '../realtime/frames';
import { SITE_ID } from '../api/siteId';

/** The lists each event reads again: a cash request also changes the dashboard's day totals, a sign-up the member search. */
const REFRESH: Record<OperatorEventKind, readonly QueryKey[]> = {
  signup: [['signups'], ['members']],
  cash: [['cash-requests'], ['dashboard']],
  question: [['questions']],
  approval: [['approvals']],
};

export type LiveCounts = Record<OperatorEventKind, number>;
const NONE: LiveCounts = { signup: 0, cash: 0, question: 0, approval: 0 };

function beep(): void {
  const context = new AudioContext();
  const tone = context.createOscillator();
  tone.frequency.value = 880;
  tone.connect(context.destination);
  tone.start();
  tone.stop(context.currentTime + 0.15);
  tone.onended = () => void context.close();
}

export function useOperatorTopic(enabled: boolean, sound: boolean) {
  const queryClient = useQueryClient();
  const [counts, setCounts] = useState<LiveCounts>(NONE);
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    let stopped = false;
    let deactivate: (() => void) | null = null;
    void import('@stomp/stompjs').then(({ Client }) => {
      if (stopped) return;
      const client = new Client({
        brokerURL: `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`,
        reconnectDelay: 5_000,
        onConnect: () => {
          setConnected(true);
          client.subscribe(OPERATOR_TOPIC, (frame) => {
            // Sealed like every real-time payload (contract/envelope.ts), for this site.
            const opened = openBody(frame.body, SITE_ID);
            const event = opened && decodeOperatorEvent(opened.payload);
            if (!event) return;
            for (const queryKey of REFRESH[event.kind]) void queryClient.invalidateQueries({ queryKey });
            setCounts((current) => ({ ...current, [event.kind]: current[event.kind] + 1 }));
            if (sound) beep();
          });
        },
        onWebSocketClose: () => setConnected(false),
      });
      client.activate();
      deactivate = () => void client.deactivate();
    });
    return () => {
      stopped = true;
      deactivate?.();
    };
  }, [enabled, sound, queryClient]);
  const seen = (kind: OperatorEventKind) => setCounts((current) => (current[kind] === 0 ? current : { ...current, [kind]: 0 }));
  return { counts, connected, seen };
}
