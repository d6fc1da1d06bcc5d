import net from 'node:net';

/**
 * A TCP proxy between the server and PostgreSQL whose network can "drop packets": `stall()` stops
 * forwarding both ways (it stops reading and writing; the sockets stay open, as with a cable pulled or a
 * firewall dropping), `resume()` forwards again, `cut()` closes every connection. Connections opened
 * while stalled are accepted and held the same way.
 */
export interface StallingProxy {
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  stall(): void;
  resume(): void;
  cut(): void;
  close(): Promise<void>;
}

export async function startStallingProxy(target: { host: string; port: number }): Promise<StallingProxy> {
  let stalled = false;
  const sockets = new Set<net.Socket>();
  const hold = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    if (stalled) s.pause();
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    hold(client);
    hold(upstream);
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d) => client.write(d));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    stall() {
      stalled = true;
      for (const s of sockets) s.pause();
    },
    resume() {
      stalled = false;
      for (const s of sockets) s.resume();
    },
    cut() {
      for (const s of sockets) s.destroy();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
