/** An @stomp/stompjs client, as the PWA uses it, with everything it receives collected (server tests). */
import { Client, type IMessage } from '@stomp/stompjs';
import { WebSocket } from 'ws';

export interface TestStompClient {
  client: Client;
  /** Subscribes (waiting for the broker's receipt) and answers the list the messages arrive in. */
  subscribe(destination: string, headers?: Record<string, string>): Promise<IMessage[]>;
}

/** `cookies`: the Cookie header of the WebSocket upgrade (a console session's, for the operator topic). */
export async function stompClient(url: string, token?: string, cookies?: string): Promise<TestStompClient> {
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp'], cookies ? { headers: { cookie: cookies } } : {}),
    connectHeaders: token ? { token } : {},
    reconnectDelay: 0,
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => reject(new Error(frame.headers.message));
    client.activate();
  });
  let seq = 0;
  return {
    client,
    async subscribe(destination, headers = {}) {
      const messages: IMessage[] = [];
      const receipt = `r-${++seq}`;
      const done = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
      client.subscribe(destination, (m) => messages.push(m), { ...headers, receipt });
      await done;
      return messages;
    },
  };
}
