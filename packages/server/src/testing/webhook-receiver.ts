import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  /** Requests answered, in order. */
  got: Received[];
  /** Requests that arrived and are not answered (a hanging receiver), and how many of them the sender gave up on. */
  waiting: number;
  abandoned: number;
  /** Statuses of the next answers (then 200). */
  answers: number[];
  close(): Promise<void>;
}

/** A webhook receiver on loopback: answers each request with the next status of `answers`, or never (`hang`). */
export async function webhookReceiver(opts: { hang?: boolean } = {}): Promise<WebhookReceiver> {
  const r = { got: [] as Received[], answers: [] as number[], waiting: 0, abandoned: 0 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (opts.hang) {
        r.waiting++;
        res.on('close', () => r.abandoned++);
        return;
      }
      r.got.push({ headers: req.headers, body });
      res.statusCode = r.answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  return Object.assign(r, {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  });
}
