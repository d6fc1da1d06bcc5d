import { formatUnits } from '../../money/units';
import { storeTime } from '../../time/store-time';

/** The money movements that print a receipt: the customer's four and the drawer's two. */
export const RECEIPT_KINDS = ['purchase', 'redeem', 'comps', 'revert', 'fills', 'bleeds'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/**
 * The movements where cash changes hands at the counter: their receipt opens the cash drawer (the
 * printer's pulse). Comps and a revert move credit only, never cash: no pulse.
 */
export const CASH_KINDS: readonly ReceiptKind[] = ['purchase', 'redeem', 'fills', 'bleeds'];

/** What one movement's receipt says: its reply, the customer and the counter. Amounts in currency units. */
export interface MovementReceipt {
  kind: ReceiptKind;
  /** The ledger row (`movement_id` of the reply): the receipt's QR code. */
  movementId: number;
  store: string;
  cashier: string;
  /** The movement's UTC time (ISO). */
  time: string;
  /** The store's offset from UTC in minutes (`/config/localtime`). */
  diff: number;
  amount: number;
  coinSign: string;
  /** The customer; `name` empty on a reprint from the drawer's list (which has only the id). */
  customer?: { id: number; name: string };
  /** The customer's balances after the movement. */
  entries?: number;
  winnings?: number;
  /** The drawer's cash after the movement; absent under blind count (the server leaves it out). */
  drawerBalance?: number;
  /** A copy printed again from a list: marked, and it never opens the drawer. */
  reprint?: boolean;
}

export type ReceiptLine =
  /** A centred line; `big` doubles its size. */
  | { type: 'center'; text: string; bold?: boolean; big?: boolean }
  /** A label on the left, its value on the right (on the next line when both do not fit). */
  | { type: 'pair'; left: string; right: string; bold?: boolean }
  | { type: 'rule' };

/** A receipt independent of the printer's language: lines, a QR code, and whether the drawer opens. */
export interface ReceiptDoc {
  lines: ReceiptLine[];
  qr: string | null;
  /** Open the cash drawer (ESC p, ePOS `pulse`). */
  pulse: boolean;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** The QR code's text: the movement's ledger id, which a reprint or a look-up finds it by. */
export function movementQr(movementId: number): string {
  return `moneybox:movement:${movementId}`;
}

/** The receipt of one money movement in the language of `t` (namespace `hardware`). */
export function movementReceipt(r: MovementReceipt, t: T): ReceiptDoc {
  const money = (units: number) => formatUnits(units, r.coinSign);
  const lines: ReceiptLine[] = [
    { type: 'center', text: r.store, bold: true, big: true },
    { type: 'center', text: t(`hardware:receipt.kinds.${r.kind}`), bold: true },
  ];
  if (r.reprint) lines.push({ type: 'center', text: t('hardware:receipt.reprint') });
  lines.push({ type: 'rule' });
  if (r.customer) lines.push({ type: 'pair', left: t('hardware:receipt.customer'), right: r.customer.name ? `${r.customer.name} #${r.customer.id}` : `#${r.customer.id}` });
  lines.push({ type: 'pair', left: t('hardware:receipt.amount'), right: money(r.amount), bold: true });
  if (r.entries !== undefined) lines.push({ type: 'pair', left: t('hardware:receipt.entries'), right: money(r.entries) });
  if (r.winnings !== undefined) lines.push({ type: 'pair', left: t('hardware:receipt.winnings'), right: money(r.winnings) });
  if (r.drawerBalance !== undefined) lines.push({ type: 'pair', left: t('hardware:receipt.drawerBalance'), right: money(r.drawerBalance) });
  lines.push(
    { type: 'rule' },
    { type: 'pair', left: t('hardware:receipt.cashier'), right: r.cashier },
    { type: 'pair', left: t('hardware:receipt.time'), right: storeTime(r.time, r.diff) },
    { type: 'pair', left: t('hardware:receipt.movement'), right: `#${r.movementId}` },
  );
  return { lines, qr: movementQr(r.movementId), pulse: !r.reprint && CASH_KINDS.includes(r.kind) };
}

/** The cash drawer opened with nothing printed: the shift count, where the cashier counts the cash. */
export const DRAWER_ONLY: ReceiptDoc = { lines: [], qr: null, pulse: true };

/** The settings card's test print: the store, the time, a QR code; it never opens the drawer. */
export function testReceipt(store: string, time: string, diff: number, t: T): ReceiptDoc {
  return {
    lines: [
      { type: 'center', text: store, bold: true, big: true },
      { type: 'center', text: t('hardware:receipt.test'), bold: true },
      { type: 'rule' },
      { type: 'center', text: t('hardware:receipt.testBody') },
      { type: 'pair', left: t('hardware:receipt.time'), right: storeTime(time, diff) },
    ],
    qr: 'moneybox:test',
    pulse: false,
  };
}

/** Characters per line of font A: 58 mm paper prints 384 dots (32 columns), 80 mm 576 (48). */
export const PAPER = {
  58: { columns: 32, dots: 384 },
  80: { columns: 48, dots: 576 },
} as const;
export type PaperWidth = keyof typeof PAPER;

/**
 * Latin text the printer prints from its code page (cp858: ASCII and the Western European letters,
 * Spanish's among them). A line with any other character (Chinese) prints as an image instead.
 */
const CP858_LETTERS = 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»ÁÂÀ©¢¥ãÃ¤ðÐÊËÈ€ÍÎÏÌÓßÔÒõÕµþÞÚÛÙýÝ¯´±¾¶§÷¸°¨·¹³²';
export function printableAsText(text: string): boolean {
  for (const ch of text) if (!(ch >= ' ' && ch <= '~') && !CP858_LETTERS.includes(ch)) return false;
  return true;
}

/** Terminal columns a character takes: CJK and full-width forms take two. */
export function charWidth(ch: string): number {
  return /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u.test(ch) ? 2 : 1;
}
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch);
  return w;
}

/** Cuts `text` into pieces of at most `columns`. */
function chop(text: string, columns: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const ch of text) {
    if (textWidth(cur + ch) > columns) {
      out.push(cur);
      cur = '';
    }
    cur += ch;
  }
  if (cur || out.length === 0) out.push(cur);
  return out;
}

/**
 * A receipt line laid out in `columns` (text columns of the paper; `big` halves them): the printed
 * rows, each exactly as wide as the paper allows. A pair that does not fit puts its value, right
 * aligned, on the rows under its label.
 */
export function layoutLine(line: ReceiptLine, columns: number): string[] {
  switch (line.type) {
    case 'rule':
      return ['-'.repeat(columns)];
    case 'center':
      return chop(line.text, line.big ? Math.floor(columns / 2) : columns);
    case 'pair': {
      const gap = columns - textWidth(line.left) - textWidth(line.right);
      if (gap >= 1) return [line.left + ' '.repeat(gap) + line.right];
      return [...chop(line.left, columns), ...chop(line.right, columns).map((r) => ' '.repeat(columns - textWidth(r)) + r)];
    }
  }
}
