import {
  TerminalClose,
  SERVER_VERSION,
  openingMessage,
  terminalMessage,
  type ServerMessage,
  type TerminalAck,
  type TerminalKind,
  type TerminalMessage,
} from '@moneybox/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { newNonce } from '../auth/terminal-key.js';
import { terminalAnswer } from '../services/terminal/terminal-answer.js';
import { authenticate, enrol } from '../services/terminal/terminal-hello.js';
import { gift, login, logout, round } from '../services/terminal/play.service.js';
import { purchase, redeem } from '../services/terminal/reload.service.js';
import { kioskCash } from '../services/terminal/kiosk-cash.service.js';
import { applyOnce, refuseCommand } from '../services/terminal/sequence.js';
import { saveMeters } from '../services/terminal/meters.js';
import { isoNow } from '../clock.js';
import { machineRepository, type MachineRow } from '../repositories/machine.repository.js';
import type { Deps } from '../services/deps.js';
import { INVALID_TEXT, refuseBadText } from '../domain/json-text.js';

/** A terminal that has not enrolled or authenticated by then is closed. */
const OPENING_TIMEOUT_MS = 10_000;
/** Commands waiting behind the one being applied; a terminal flooding past this is closed. */
const MAX_PENDING = 256;

export interface Hub {
  register(c: TerminalConnection): void;
  unregister(c: TerminalConnection): void;
  seen(machineRowId: number): void;
  /** A command or connection changed what the store's screens show: the machine, and the customer if any (live/). */
  changed(c: TerminalConnection, customerId: number | null): void;
}

/**
 * One terminal's WebSocket: the protocol's state machine (docs/TERMINAL.md). It parses and
 * validates every message against the contract's schemas and hands it to the machine services;
 * it keeps no rule of its own. Messages of one connection are applied one after the other, in the
 * order sent, so a terminal's sequence is never reordered by the server.
 */
export class TerminalConnection {
  readonly nonce = newNonce();
  machine: { id: number; storeId: number; name: number; kind: TerminalKind } | undefined;
  lastHeardAt = Date.now();
  /** The customer seated here as this connection knows it (welcome, login, logout, kick): whose screens a round changes. */
  seated: number | null = null;
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;
  private closed = false;
  private readonly openingTimer: NodeJS.Timeout;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: Deps,
    private readonly hub: Hub,
    private readonly log: FastifyBaseLogger,
  ) {
    this.send({ type: 'challenge', nonce: this.nonce, server_version: SERVER_VERSION });
    this.openingTimer = setTimeout(() => this.close(TerminalClose.AUTH_FAILED, 'no enrol or auth in time'), OPENING_TIMEOUT_MS);
    this.openingTimer.unref();
    socket.on('message', (data, isBinary) => this.receive(isBinary ? null : data.toString()));
    socket.on('close', () => this.closedByPeer());
    socket.on('error', () => this.closedByPeer());
  }

  send(m: ServerMessage): void {
    if (!this.closed && this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(m));
  }

  /** Closes with an application code and a reason the terminal can log; the server carries on. */
  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.openingTimer);
    this.socket.close(code, reason.slice(0, 120));
    this.hub.unregister(this);
    this.log.info({ terminal: this.machine?.id, code, reason }, 'terminal closed by the server');
  }

  private closedByPeer(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.openingTimer);
    this.hub.unregister(this);
    this.log.info({ terminal: this.machine?.id }, 'terminal disconnected');
  }

  private receive(text: string | null): void {
    this.lastHeardAt = Date.now();
    if (this.machine) this.hub.seen(this.machine.id);
    let json: unknown;
    try {
      json = text === null ? undefined : JSON.parse(text, refuseBadText);
    } catch (err) {
      if (err === INVALID_TEXT) return this.close(TerminalClose.MALFORMED, 'text must be valid Unicode without NUL characters');
      json = undefined;
    }
    if (json === undefined) return this.close(TerminalClose.MALFORMED, 'not a JSON text message');
    if (++this.pending > MAX_PENDING) return this.close(TerminalClose.MALFORMED, 'too many messages waiting');
    this.chain = this.chain
      .then(() => (this.closed ? undefined : this.handle(json)))
      .catch((err: unknown) => {
        const denied = terminalAnswer(err);
        if (denied?.family === 'terminal_denied') return this.close(denied.code, denied.reason);
        this.log.error({ err, terminal: this.machine?.id }, 'terminal message failed');
        // The command was not applied (its transaction rolled back): the terminal resends it.
        this.close(TerminalClose.SHUTTING_DOWN, 'server error, reconnect and resend');
      })
      .finally(() => void this.pending--);
  }

  private async handle(json: unknown): Promise<void> {
    if (!this.machine) return this.open(json);
    const parsed = terminalMessage.safeParse(json);
    if (!parsed.success) return this.close(TerminalClose.MALFORMED, describe(parsed.error));
    const ack = await this.apply(parsed.data);
    if (ack) this.send(ack);
    this.noteChange(parsed.data, ack);
  }

  /** After the command committed: what the web's live screens should refetch (nothing for a resend or a refusal). */
  private noteChange(msg: TerminalMessage, ack: TerminalAck | undefined): void {
    if (msg.type === 'meters') return this.hub.changed(this, null);
    if (!ack?.ok || ack.duplicate) return;
    const customerId = typeof ack.customer_id === 'number' ? ack.customer_id : null;
    switch (msg.type) {
      case 'login':
        this.seated = customerId;
        return this.hub.changed(this, customerId);
      case 'logout':
        this.seated = null;
        return this.hub.changed(this, customerId);
      case 'round':
      case 'gift':
        return this.hub.changed(this, this.seated);
      case 'purchase':
      case 'redeem':
        return this.hub.changed(this, customerId);
    }
  }

  private async open(json: unknown): Promise<void> {
    const parsed = openingMessage.safeParse(json);
    if (!parsed.success) return this.close(TerminalClose.MALFORMED, `first message must be enrol or auth: ${describe(parsed.error)}`);
    const msg = parsed.data;
    const { handle } = this.deps;
    let m: MachineRow;
    if (msg.type === 'enrol') {
      m = await enrol(handle, msg);
      this.send({ type: 'enrolled', terminal_id: m.id, name: Number(m.machine_id), kind: m.kind as TerminalKind, kiosk_id: Number(m.store_id) });
    } else {
      m = await authenticate(handle, msg, this.nonce);
    }
    clearTimeout(this.openingTimer);
    if (this.closed) return;
    this.machine = { id: m.id, storeId: Number(m.store_id), name: Number(m.machine_id), kind: m.kind as TerminalKind };
    this.seated = m.customer_id === null ? null : Number(m.customer_id);
    this.hub.register(this);
    this.log.info({ terminal: m.id, kiosk: this.machine.storeId, kind: this.machine.kind, opening: msg.type }, 'terminal connected');
    await machineRepository.markSeen(handle.db, [m.id], new Date().toISOString());
    this.hub.changed(this, null);
    const welcome = await machineRepository.welcome(handle.db, Number(m.store_id), m.customer_id === null ? null : Number(m.customer_id));
    this.send({
      type: 'welcome',
      terminal_id: m.id,
      name: Number(m.machine_id),
      kind: m.kind as TerminalKind,
      exchange_rate: welcome.exchange_rate,
      last_seq: Number(m.last_seq),
      heartbeat_ms: this.deps.settings.terminalHeartbeatMs,
      customer: welcome.customer,
    });
  }

  private async apply(msg: TerminalMessage): Promise<TerminalAck | undefined> {
    const t = this.machine!;
    const { handle } = this.deps;
    switch (msg.type) {
      case 'heartbeat':
        return undefined;
      case 'meters':
        await handle.db.transaction().execute((tx) => saveMeters(tx, t, msg.meters, isoNow()));
        return undefined;
      case 'purchase':
        return purchase(this.deps, t, msg);
      case 'redeem':
        return redeem(this.deps, t, msg);
      case 'cash':
        return kioskCash(this.deps, t, msg);
    }
    if (t.kind !== 'game') return applyOnce(handle, t, msg.seq, async () => refuseCommand('wrong_kind'));
    switch (msg.type) {
      case 'login':
        return login(this.deps, t, msg);
      case 'logout':
        return logout(this.deps, t, msg);
      case 'round':
        return round(this.deps, t, msg);
      case 'gift':
        return gift(this.deps, t, msg);
    }
  }
}

function describe(err: z.ZodError): string {
  const i = err.issues[0];
  return i ? `${i.path.join('.') || 'message'}: ${i.message}` : 'invalid message';
}
