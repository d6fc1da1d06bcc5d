import { TERMINAL_PATH, type ServerMessage, type TerminalAck } from '@moneybox/contract';
import type { KeyObject } from 'node:crypto';
import WebSocket from 'ws';
import { newKeyPair, signNonce } from '../auth/terminal-key.js';

/** What a terminal keeps to reconnect: its id, its store and its private key. */
export interface TerminalCredentials {
  kioskId: number;
  terminalId: number;
  privateKey: KeyObject;
}

export interface Closed {
  code: number;
  reason: string;
}

/** The server closed the connection (a refusal has its code: docs/TERMINAL.md) while something waited on it. */
export class TerminalClosed extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(`closed ${code} ${reason}`);
  }
}

/**
 * One WebSocket to the server, with the protocol's opening done (challenge → enrol or auth).
 * Messages from the server wait in a queue until read with next(); nothing is interpreted here.
 * The simulator, the benchmark and the tests speak the protocol through it.
 */
export class TerminalSocket {
  private readonly inbox: ServerMessage[] = [];
  private waiters: Array<{ match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void; reject: (e: Error) => void }> = [];
  readonly closed: Promise<Closed>;
  private closedWith: Closed | undefined;
  /** Called for every server message as it arrives (before next() sees it). */
  onMessage: ((m: ServerMessage) => void) | undefined;

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        this.closedWith = { code, reason: reason.toString() };
        for (const w of this.waiters) w.reject(new TerminalClosed(code, reason.toString()));
        this.waiters = [];
        resolve(this.closedWith);
      });
    });
    ws.on('error', () => undefined);
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      this.onMessage?.(m);
      const i = this.waiters.findIndex((w) => w.match(m));
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(m);
      else this.inbox.push(m);
    });
  }

  /** Opens a socket and waits for the server's challenge. */
  static async open(baseUrl: string): Promise<{ socket: TerminalSocket; nonce: string }> {
    // A server that accepts the TCP connection but never answers must not hold the caller forever.
    const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + TERMINAL_PATH, { handshakeTimeout: 10_000 });
    const socket = new TerminalSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const challenge = await socket.next((m) => m.type === 'challenge');
    return { socket, nonce: (challenge as { nonce: string }).nonce };
  }

  /** Authenticates an enrolled terminal; resolves with the welcome or rejects with the close. */
  static async connect(baseUrl: string, c: TerminalCredentials): Promise<{ socket: TerminalSocket; welcome: Extract<ServerMessage, { type: 'welcome' }> }> {
    const { socket, nonce } = await TerminalSocket.open(baseUrl);
    socket.send({ type: 'auth', kiosk_id: c.kioskId, terminal_id: c.terminalId, signature: signNonce(c.privateKey, nonce) });
    const welcome = await socket.next((m) => m.type === 'welcome');
    return { socket, welcome: welcome as Extract<ServerMessage, { type: 'welcome' }> };
  }

  /** Enrols a new terminal with a boss's code; the socket is then authenticated as it. */
  static async enrol(baseUrl: string, kioskId: number, code: string) {
    const keys = newKeyPair();
    const { socket } = await TerminalSocket.open(baseUrl);
    socket.send({ type: 'enrol', kiosk_id: kioskId, code, public_key: keys.publicKeyB64 });
    const enrolled = (await socket.next((m) => m.type === 'enrolled')) as Extract<ServerMessage, { type: 'enrolled' }>;
    const welcome = (await socket.next((m) => m.type === 'welcome')) as Extract<ServerMessage, { type: 'welcome' }>;
    const credentials: TerminalCredentials = { kioskId, terminalId: enrolled.terminal_id, privateKey: keys.privateKey };
    return { socket, credentials, welcome };
  }

  send(m: unknown): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** The next server message matching `match` (already received or still to come). */
  next(match: (m: ServerMessage) => boolean = () => true, timeoutMs = 10_000): Promise<ServerMessage> {
    const i = this.inbox.findIndex(match);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0]!);
    if (this.closedWith) return Promise.reject(new TerminalClosed(this.closedWith.code, this.closedWith.reason));
    return new Promise((resolve, reject) => {
      const w = { match, resolve, reject };
      this.waiters.push(w);
      setTimeout(() => {
        const k = this.waiters.indexOf(w);
        if (k >= 0) {
          this.waiters.splice(k, 1);
          reject(new Error('no such message in time'));
        }
      }, timeoutMs).unref();
    });
  }

  ack(seq: number, timeoutMs?: number): Promise<TerminalAck> {
    return this.next((m) => m.type === 'ack' && m.seq === seq, timeoutMs) as Promise<TerminalAck>;
  }

  /** Sends a command and waits for its acknowledgement. */
  async command(cmd: { type: string; seq: number } & Record<string, unknown>): Promise<TerminalAck> {
    this.send(cmd);
    return this.ack(cmd.seq);
  }

  close(): Promise<Closed> {
    if (!this.closedWith) this.ws.close(1000, 'bye');
    return this.closed;
  }

  /** Drops the connection without a closing handshake (a cable pulled). */
  drop(): Promise<Closed> {
    this.ws.terminate();
    return this.closed;
  }
}
