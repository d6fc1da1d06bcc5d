import type { ServerMessage, TerminalAck, TerminalKind, TerminalMeters } from '@moneybox/contract';
import { TerminalSocket, type TerminalCredentials } from './terminal-socket.js';

type Command = { type: string } & Record<string, unknown>;
type Pending = { cmd: Command & { seq: number }; resolve: (a: TerminalAck) => void; sentAt: number };

/**
 * A terminal as a real one behaves: it numbers its commands, keeps every command until its ack
 * arrives, reconnects after a drop and resends what was not acknowledged (the server applies each
 * seq once), sends heartbeats, and keeps its own cumulative meters.
 */
export class SimTerminal {
  socket: TerminalSocket | undefined;
  name = 0;
  kind: TerminalKind = 'game';
  exchangeRate = 100;
  seatedCustomer: number | null = null;
  readonly meters: TerminalMeters = { played: 0, won: 0, games: 0 };
  private seq = 0;
  private readonly outbox = new Map<number, Pending>();
  private heartbeat: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Acknowledgement latencies (ms) of every command, for the benchmark. */
  readonly latencies: number[] = [];
  onKicked: ((customerId: number) => void) | undefined;
  onClosed: ((code: number, reason: string) => void) | undefined;

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
      // A dropped link (not a release or a refusal) is retried; pending commands wait for it.
      if (!this.stopped && (code === 1006 || code === 4007 || code === 4005)) setTimeout(() => void this.reconnect(), 500);
    });
  }

  private async reconnect(): Promise<void> {
    try {
      await this.connect();
    } catch {
      if (!this.stopped) setTimeout(() => void this.reconnect(), 1000);
    }
  }

  private receive(m: ServerMessage): void {
    if (m.type === 'ack') {
      const p = this.outbox.get(m.seq);
      if (!p) return;
      this.outbox.delete(m.seq);
      this.latencies.push(performance.now() - p.sentAt);
      p.resolve(m);
    } else if (m.type === 'kicked') {
      this.seatedCustomer = null;
      this.onKicked?.(m.customer_id);
    } else if (m.type === 'renamed') {
      this.name = m.name;
    }
  }

  /** Sends a command with the next seq; resolves with its ack, however many reconnects it takes. */
  command(cmd: Command): Promise<TerminalAck> {
    const full = { ...cmd, seq: ++this.seq };
    return new Promise((resolve) => {
      this.outbox.set(full.seq, { cmd: full, resolve, sentAt: performance.now() });
      this.socket?.send(full);
    });
  }

  sendMeters(): void {
    this.socket?.send({ type: 'meters', meters: this.meters });
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    await this.socket?.close();
  }
}
