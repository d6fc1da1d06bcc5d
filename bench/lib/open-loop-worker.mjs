// The purchase load of the open-loop bench, in a worker thread of its own (plain JavaScript: a
// worker started from tsx does not get tsx's loader). Input (workerData) and output: see
// bench/lib/open-loop.ts.
//
// mode 'open': request i is due at start + i / rate, sent then whatever the earlier ones are
// doing, and its latency is counted from that due time, not from when it could be sent: a
// server that falls behind shows it as latency (no coordinated omission).
// mode 'closed': `concurrency` clients, each sending its next purchase when the last is answered:
// the throughput this gives is the maximum the open runs are a fraction of.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { base, mode, rate, concurrency, connections, targets, keys, warmupMs, measureMs, amount } = workerData;
/** BENCH_OPEN_LOOP_TRACE: due time and latency of every open-loop purchase (see open-loop.bench.ts). */
const traceFile = process.env.BENCH_OPEN_LOOP_TRACE;
const trace = [];
const url = new URL(base);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });

/**
 * Purchase i goes to a drawer and customer picked by a hash of i: spread like independent counters,
 * not in lock step (i % drawers would send a store's three drawers the same customer at the same
 * moment, a queue on that customer's row no real store has).
 */
function purchase(i) {
  const h = Math.imul(i + 1, 2654435761) >>> 0;
  const t = targets[h % targets.length];
  const id = t.customers[(h >>> 8) % t.customers.length];
  const payload = `{"UID":${t.UID},"TOKEN":"${t.TOKEN}","id":${id},"key":"${keys[i]}","amount":${amount}}`;
  return new Promise((resolve) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: '/API/customer/purchase', method: 'POST', agent, headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', (err) => resolve(`{"status":-1,"error":${JSON.stringify(String(err))}}`));
    req.end(payload);
  });
}

const latencies = [];
let errors = 0;
let firstError = '';
let measured = 0;
let exhausted = false;
const record = (text, latency, counted) => {
  if (!counted) return;
  measured++;
  if (!text.startsWith('{"status":0')) {
    errors++;
    if (!firstError) firstError = text.slice(0, 200);
    return;
  }
  latencies.push(latency);
};

// Connections are opened before the schedule starts, as a store's tills hold theirs: otherwise the
// first second opens one per request while the earlier ones are answered, and a run at a high rate
// starts with a queue of the load generator's making.
const WARM_CONNECTIONS = Math.min(connections, 64);
await Promise.all(
  Array.from(
    { length: WARM_CONNECTIONS },
    () =>
      new Promise((resolve) => {
        const req = http.get({ host: url.hostname, port: url.port, path: '/healthz', agent }, (res) => {
          res.resume();
          res.on('end', resolve);
        });
        req.on('error', resolve);
      }),
  ),
);
const start = performance.now();
const warmEnd = start + warmupMs;
const end = warmEnd + measureMs;
let finishedAt = end;

if (mode === 'open') {
  const total = Math.min(keys.length, Math.floor((rate * (warmupMs + measureMs)) / 1000));
  exhausted = total < Math.floor((rate * (warmupMs + measureMs)) / 1000);
  const due = (i) => start + (i * 1000) / rate;
  const inFlight = new Set();
  let next = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && due(next) <= now) {
        const i = next++;
        const scheduled = due(i);
        const p = purchase(i).then((text) => {
          const latency = performance.now() - scheduled;
          record(text, latency, scheduled >= warmEnd);
          if (traceFile) trace.push(`${Math.round(performance.timeOrigin + scheduled)} ${latency.toFixed(1)}`);
          inFlight.delete(p);
        });
        inFlight.add(p);
      }
      if (next < total) setTimeout(tick, Math.max(0, due(next) - performance.now()));
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  finishedAt = performance.now();
} else {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        if (next >= keys.length) {
          exhausted = true;
          return;
        }
        const i = next++;
        const t = performance.now();
        const text = await purchase(i);
        const done = performance.now();
        record(text, done - t, t >= warmEnd && done <= end);
      }
    }),
  );
}
agent.destroy();
if (traceFile && mode === 'open') (await import('node:fs')).appendFileSync(traceFile, `RUN ${rate}\n${trace.join('\n')}\n`);
parentPort.postMessage({ latencies, errors, firstError, measured, exhausted, measureMs, overrunMs: Math.max(0, finishedAt - end) });
