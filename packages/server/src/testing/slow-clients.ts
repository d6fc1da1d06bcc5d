// Slow clients for the connection-limit tests: raw sockets that dribble a request, as an attacker
// holding connections open would, each recording when the server closed it.
import net from 'node:net';
import http from 'node:http';

export interface SlowClient {
  /** performance.now() when the connection was made, and when the server closed it (undefined while open). */
  connectedAt: number;
  closedAt: number | undefined;
  /** Settles when the server has closed the connection. */
  closed: Promise<void>;
  destroy(): void;
}

/**
 * A connection that sends `head` and then one byte of `drip` every `everyMs`, never finishing the
 * request. `localAddress` picks the client's address (any 127.x.y.z reaches a loopback server on Linux).
 */
export function dribble(url: string, opts: { head: string; drip: string; everyMs: number; localAddress?: string }): Promise<SlowClient> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress: opts.localAddress });
    let timer: NodeJS.Timeout | undefined;
    const client: SlowClient = {
      connectedAt: 0,
      closedAt: undefined,
      closed: new Promise((done) =>
        socket.once('close', () => {
          clearInterval(timer);
          client.closedAt = performance.now();
          done();
        }),
      ),
      destroy: () => socket.destroy(),
    };
    socket.on('error', () => undefined);
    // What the server answers is read and dropped: unread, its closing FIN would never be seen.
    socket.resume();
    socket.once('connect', () => {
      client.connectedAt = performance.now();
      socket.write(opts.head);
      let i = 0;
      timer = setInterval(() => socket.write(opts.drip[i++ % opts.drip.length]!), opts.everyMs);
      resolve(client);
    });
    socket.once('close', () => (client.connectedAt === 0 ? reject(new Error('connection refused')) : undefined));
  });
}

/** A whole POST /API<path> from `localAddress`, on a connection of its own; the parsed reply. */
export function postFrom(url: string, localAddress: string, path: string, body: object = {}): Promise<Record<string, unknown>> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/API${path}`, { method: 'POST', localAddress, agent: false, headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve(JSON.parse(text) as Record<string, unknown>));
    });
    req.on('error', reject);
    req.end(payload);
  });
}
