// The HTTP load generator of the purchase bench, in a worker thread of its own so that the
// clients' CPU work does not run on the server's event loop. Plain JavaScript because a worker
// started from tsx does not get tsx's loader. Input (workerData) and output: see bench/lib/load.ts.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { base, concurrency, sessions, customerIds, keys, warmupMs, measureMs, amount } = workerData;
const url = new URL(base);
// Keep-alive, one socket per client: 50 clients are 50 persistent connections, as 50 counter PCs would be.
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });

function post(path, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: `/API${path}`, method: 'POST', agent, headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(text));
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let nextKey = 0;
/** A key from the ones inserted before the run, or (keys === null) a fresh one from /config/key. */
async function key() {
  if (keys === null) {
    const r = await post('/config/key', {});
    if (r.status !== 0) throw new Error(`config/key: ${JSON.stringify(r)}`);
    return r.key;
  }
  return nextKey < keys.length ? keys[nextKey++] : null;
}

const latencies = [];
let errors = 0;
let firstError = '';
let exhausted = false;
const start = performance.now();
const warmEnd = start + warmupMs;
let end = warmEnd + measureMs;
// 'stop' from the bench ends the run early (bench/lib/load.ts: the purge bench measures while a purge runs).
parentPort.on('message', (m) => {
  if (m === 'stop') end = Math.min(end, performance.now());
});
// ...and hears when the warm-up is over, to start what it measures the load under.
setTimeout(() => parentPort.postMessage({ measuring: true }), warmupMs);

async function client(c) {
  const session = sessions[c % sessions.length];
  let i = c;
  for (;;) {
    const t = performance.now();
    if (t >= end) return;
    const k = await key();
    if (k === null) {
      exhausted = true;
      return;
    }
    const id = customerIds[(i++ * 7919) % customerIds.length];
    const r = await post('/customer/purchase', { UID: session.UID, TOKEN: session.TOKEN, id, key: k, amount });
    const done = performance.now();
    if (t < warmEnd) continue;
    if (r.status !== 0) {
      errors++;
      if (!firstError) firstError = JSON.stringify(r);
      continue;
    }
    latencies.push(done - t);
  }
}

await Promise.all(Array.from({ length: concurrency }, (_, c) => client(c)));
const finished = performance.now();
agent.destroy();
parentPort.removeAllListeners('message');
parentPort.postMessage({ latencies, errors, firstError, exhausted, totalMs: finished - warmEnd });
