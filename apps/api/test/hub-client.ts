/** A notification-hub socket as the web bell opens it, collecting every message it receives. */
import type { HubMessage } from '@bm/contracts';
import WebSocket from 'ws';

export interface HubClient {
  socket: WebSocket;
  messages: HubMessage[];
}

/** Opens `/notificationshub` on a server (`http…` base URL) with an access token; resolves once open. */
export function openHub(base: string, token: string): Promise<HubClient> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/notificationshub?access_token=${token}`);
  const messages: HubMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as HubMessage));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages }));
    socket.once('error', reject);
  });
}
