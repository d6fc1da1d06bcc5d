import http from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { endKeepAliveWhenClosing } from './shutdown.js';

/** A request on a keep-alive connection that is still in flight when the server starts closing. */
async function inFlightAtClose(withFix: boolean) {
  const app = Fastify();
  if (withFix) endKeepAliveWhenClosing(app);
  let finish!: () => void;
  const arrived = new Promise<void>((resolveArrived) => {
    app.get('/slow', async () => {
      resolveArrived();
      await new Promise<void>((r) => (finish = r));
      return { ok: true };
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const agent = new http.Agent({ keepAlive: true });
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res));
    }).on('error', reject);
  });
  await arrived;
  let closed = false;
  const closing = app.close().then(() => (closed = true));
  await new Promise((r) => setTimeout(r, 50));
  finish();
  const res = await response;
  await Promise.race([closing, new Promise((r) => setTimeout(r, 2000))]);
  const closedWithin2s = closed;
  agent.destroy();
  await closing;
  return { connection: res.headers.connection, closedWithin2s };
}

describe('closing server and keep-alive connections', () => {
  it('answers the request in flight with Connection: close, so the close does not wait for the client to hang up', async () => {
    expect(await inFlightAtClose(true)).toEqual({ connection: 'close', closedWithin2s: true });
  });

  it('without it the close waits on the idle connection (the shutdown would time out)', async () => {
    expect(await inFlightAtClose(false)).toEqual({ connection: 'keep-alive', closedWithin2s: false });
  });
});
