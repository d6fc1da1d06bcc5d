import type { ServerMessage, TerminalAck, TerminalKind, TerminalMeters } from '@moneybox/contract';
import { TerminalClosed, TerminalSocket, type TerminalCredentials } from './terminal-socket.js';

type Command = { type: string } & Record<string, unknown>;
type Pending = { cmd: Command & { seq: number }; resolve: (a: TerminalAck) => void; reject: (e: Error) => void; sentAt: number; timer: NodeJS.Timeout | undefined };

/** The terminal stopped for good (released, refused, replaced, closed): nothing it sends is answered any more. */
export class TerminalGone extends Error {}

/** The run's end came before the command's acknowledgement: the server may or may not have applied it. */
export class AckGivenUp extends Error {}

/** Closes after which a real terminal reconnects and resends: a dropped link, silence, a server going down. */
const RETRY_CODES = new Set([1001, 1006, 1011, 1012, 1013, 4005, 4007]);

/** A refusal in the words of docs/TERMINAL.md. */
function closeWords(code: number, reason: string): string {
  switch (code) {
    case 4003:
      return 'released by the store (its key is forgotten)';
    case 4001:
      return 'refused as unknown (released while it was away?)';
    case 4004:
      return 'taken over by a newer connection of the same terminal';
    default:
      return `closed by the server (${code}${reason ? ` ${reason}` : ''})`;
  }
}

/** How long closing may wait for the server's closing handshake before the link is cut. */
const CLOSE_WAIT_MS = 2000;

/**
 * A terminal as a real one behaves: it numbers its commands, keeps every command until its ack
 * arrives, reconnects after a drop and resends what was not acknowledged (the server applies each
 * seq once), sends heartbeats, and keeps its own cumulative meters. Every wait is bounded by
 * `giveUpAt`: past it, no reconnect is tried and an unanswered command is given up (AckGivenUp).
 * A refusal (release, unknown key, a newer connection) stops it for good: `gone` says why, and every
 * waiting command fails with TerminalGone.
 */
export class SimTerminal {
  socket: TerminalSocket | undefined;
  name = 0;
  kind: TerminalKind = 'game';
  exchangeRate = 100;
  seatedCustomer: number | null = null;
  readonly meters: TerminalMeters = { played: 0, won: 0, games: 0 };
  /** Epoch ms after which nothing is waited for any more. */
  giveUpAt = Number.POSITIVE_INFINITY;
  /** Why it stopped for good; undefined while it plays. */
  gone: string | undefined;
  /** Commands that never got their acknowledgement (given up at the end, or lost with a release). */
  unacknowledged = 0;
  private seq = 0;
  private readonly outbox = new Map<number, Pending>();
  private heartbeat: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Acknowledgement latencies (ms) of every command, for the benchmark. */
  readonly latencies: number[] = [];
  onKicked: ((customerId: number) => void) | undefined;
  onClosed: ((code: number, reason: string) => void) | undefined;
  onRenamed: ((from: number, to: number) => void) | undefined;
  onGone: ((why: string) => void) | undefined;

  constructor(
    private readonly baseUrl: string,
    readonly credentials: TerminalCredentials,
  ) {}

  static async enrol(baseUrl: string, kioskId: number, code: string): Promise<SimTerminal> {
    const e = await TerminalSocket.enrol(baseUrl, kioskId, code);
    const t = new SimTerminal(baseUrl, e.credentials);
    t.attach(e.socket, e.welcome);
    return t;
  }

  async connect(): Promise<void> {
    const { socket, welcome } = await TerminalSocket.connect(this.baseUrl, this.credentials);
    this.attach(socket, welcome);
  }

  private attach(socket: TerminalSocket, welcome: Extract<ServerMessage, { type: 'welcome' }>): void {
    this.socket = socket;
    this.name = welcome.name;
    this.kind = welcome.kind;
    this.exchangeRate = welcome.exchange_rate;
    this.seatedCustomer = welcome.customer?.id ?? null;
    // Numbering continues after what the server has seen; unacknowledged commands are resent in order.
    this.seq = Math.max(this.seq, welcome.last_seq);
    socket.onMessage = (m) => this.receive(m);
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => socket.send({ type: 'heartbeat' }), welcome.heartbeat_ms);
    this.heartbeat.unref();
    for (const p of [...this.outbox.values()].sort((a, b) => a.cmd.seq - b.cmd.seq)) socket.send(p.cmd);
    void socket.closed.then(({ code, reason }) => {
      if (this.socket !== socket) return;
      clearInterval(this.heartbeat);
      this.onClosed?.(code, reason);
      if (this.stopped) return;
      // A dropped link is retried (pending commands wait for it); a refusal is the end of this terminal.
      if (RETRY_CODES.has(code)) setTimeout(() => void this.reconnect(), 500).unref();
      else this.fail(closeWords(code, reason));
    });
  }

  private async reconnect(): Promise<void> {
    if (this.stopped) return;
    if (Date.now() >= this.giveUpAt) return this.fail('could not reconnect before the end of the run');
    try {
      await this.connect();
    } catch (err) {
      if (err instanceof TerminalClosed && !RETRY_CODES.has(err.code)) return this.fail(closeWords(err.code, err.reason));
      if (!this.stopped) setTimeout(() => void this.reconnect(), 1000).unref();
    }
  }

  /** Stops for good: every waiting command fails, nothing reconnects. */
  private fail(why: string): void {
    if (this.gone !== undefined) return;
    this.gone = why;
    this.stopped = true;
    clearInterval(this.heartbeat);
    this.settleOutbox(() => new TerminalGone(why));
    this.onGone?.(why);
  }

  private settleOutbox(error: () => Error): void {
    for (const [seq, p] of this.outbox) {
      this.outbox.delete(seq);
      clearTimeout(p.timer);
      this.unacknowledged++;
      p.reject(error());
    }
  }

  private receive(m: ServerMessage): void {
    if (m.type === 'ack') {
      const p = this.outbox.get(m.seq);
      if (!p) return;
      this.outbox.delete(m.seq);
      clearTimeout(p.timer);
      this.latencies.push(performance.now() - p.sentAt);
      p.resolve(m);
    } else if (m.type === 'kicked') {
      this.seatedCustomer = null;
      this.onKicked?.(m.customer_id);
    } else if (m.type === 'renamed') {
      const from = this.name;
      this.name = m.name;
      this.onRenamed?.(from, m.name);
    }
  }

  /**
   * Sends a command with the next seq; resolves with its ack, however many reconnects it takes,
   * until `giveUpAt` (then AckGivenUp) or until the terminal is gone (TerminalGone).
   */
  command(cmd: Command): Promise<TerminalAck> {
    if (this.gone !== undefined) return Promise.reject(new TerminalGone(this.gone));
    if (this.stopped) return Promise.reject(new TerminalGone('closed'));
    const full = { ...cmd, seq: ++this.seq };
    return new Promise((resolve, reject) => {
      const p: Pending = { cmd: full, resolve, reject, sentAt: performance.now(), timer: undefined };
      const wait = this.giveUpAt - Date.now();
      if (Number.isFinite(wait)) {
        p.timer = setTimeout(() => {
          if (this.outbox.delete(full.seq)) {
            this.unacknowledged++;
            reject(new AckGivenUp(`no acknowledgement of ${cmd.type} ${full.seq} before the end of the run`));
          }
        }, Math.max(0, wait));
        p.timer.unref();
      }
      this.outbox.set(full.seq, p);
      this.socket?.send(full);
    });
  }

  sendMeters(): void {
    this.socket?.send({ type: 'meters', meters: this.meters });
  }

  /** Says goodbye; a server that does not answer the closing handshake in time has the link cut. */
  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    this.settleOutbox(() => new TerminalGone('closed'));
    const socket = this.socket;
    if (!socket) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), CLOSE_WAIT_MS)));
    if ((await Promise.race([socket.close(), late])) === 'late') await socket.drop();
    clearTimeout(timer);
  }
}
