/** A notification-hub socket as the web bell opens it, collecting every message it receives. */
import type { HubMessage } from '@bm/contracts';
import WebSocket from 'ws';

export interface HubClient {
  socket: WebSocket;
  messages: HubMessage[];
}

/**
 * Opens `/notificationshub` on a server (`http…` base URL), with an access token or none; resolves
 * once open, or rejects with the HTTP status of a refused upgrade.
 */
export function openHub(base: string, token: string | undefined): Promise<HubClient> {
  const url = `${base.replace(/^http/, 'ws')}/notificationshub${token ? `?access_token=${token}` : ''}`;
  const socket = new WebSocket(url);
  const messages: HubMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as HubMessage));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages }));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
}
