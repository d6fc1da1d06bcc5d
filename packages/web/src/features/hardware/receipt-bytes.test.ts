// @vitest-environment node
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/hardware.json';
import mx from '../../locales/mx/hardware.json';
import zh from '../../locales/zh_Hans/hardware.json';
import { bitsRasterize, decodeEscPos, readBitsImage } from '../../test/escpos-decoder';
import { encodeEscPos } from './escpos';
import { CASH_KINDS, DRAWER_ONLY, movementReceipt, PAPER, RECEIPT_KINDS, testReceipt, type MovementReceipt, type PaperWidth, type ReceiptKind } from './receipt';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { hardware: en }, mx: { hardware: mx }, zh_Hans: { hardware: zh } }, interpolation: { escapeValue: false } });
const LANGS = { en, mx, zh_Hans: zh } as const;
type Lang = keyof typeof LANGS;
const tFor = (lang: Lang): TFunction => i18n.getFixedT(lang);

/** A customer's movement and a drawer's, as the counter makes them from the calls' replies. */
function sample(kind: ReceiptKind): MovementReceipt {
  const base = { kind, movementId: 4711, store: 'Lucky Star', cashier: 'cashier01', time: '2026-12-02T16:05:09.000Z', diff: -360, amount: 25.5, coinSign: '$' };
  return kind === 'fills' || kind === 'bleeds'
    ? { ...base, drawerBalance: 1234.5 }
    : { ...base, customer: { id: 42, name: 'José Ñúñez' }, entries: kind === 'redeem' ? 10 : 35.5, winnings: kind === 'redeem' ? 0 : 80 };
}

const decode = async (receipt: MovementReceipt, width: PaperWidth, lang: Lang) =>
  decodeEscPos(await encodeEscPos(movementReceipt(receipt, tFor(lang)), width, bitsRasterize), readBitsImage);

/** A label and its value on one row of the paper, as the printer prints it. */
const pair = (left: string, right: string, columns: number) => {
  const w = (s: string) => [...s].reduce((n, ch) => n + (/[\u3000-\u9fff\uff00-\uffef]/u.test(ch) ? 2 : 1), 0);
  return left + ' '.repeat(columns - w(left) - w(right)) + right;
};

describe('receipt bytes (ESC/POS, decoded back)', () => {
  it('prints an English purchase on 58 mm as these rows, its QR code and one drawer pulse', async () => {
    const d = await decode(sample('purchase'), 58, 'en');
    expect(d.codepage).toBe('cp858');
    expect(d.text).toEqual([
      'Lucky Star',
      'Purchase',
      '-'.repeat(32),
      pair('Customer', 'José Ñúñez #42', 32),
      'Amount                    $25.50',
      'Entries after             $35.50',
      'Winnings after            $80.00',
      '-'.repeat(32),
      'Cashier                cashier01',
      'Time         2026-12-02 10:05:09',
      'Movement                   #4711',
    ]);
    // The store's name is the big, bold, centred title; the kind bold under it.
    expect(d.rows[0]).toMatchObject({ bold: true, size: 2, via: 'text' });
    expect(d.rows[0]!.text).toBe(`${' '.repeat(6)}Lucky Star`);
    expect(d.rows[1]).toMatchObject({ bold: true, size: 1 });
    expect(d.rows[3]).toMatchObject({ bold: false, size: 1 });
    expect(d.qr).toEqual(['moneybox:movement:4711']);
    expect(d.pulses).toEqual([{ pin: 0, onMs: 100, offMs: 500 }]);
    expect(d.cuts).toBe(1);
  });

  it('prints a Chinese redeem on 80 mm with its Chinese rows as images that read back exactly, numbers unchanged', async () => {
    const d = await decode(sample('redeem'), 80, 'zh_Hans');
    expect(d.text).toEqual([
      'Lucky Star',
      '兑奖',
      '-'.repeat(48),
      pair('客户', 'José Ñúñez #42', 48),
      pair('金额', '$25.50', 48),
      pair('剩余积分', '$10.00', 48),
      pair('剩余奖金', '$0.00', 48),
      '-'.repeat(48),
      pair('收银员', 'cashier01', 48),
      pair('时间', '2026-12-02 10:05:09', 48),
      pair('流水号', '#4711', 48),
    ]);
    // Rows the code page cannot carry are images; the store's name and the rules stay text.
    expect(d.rows.filter((r) => r.text.trim() !== '').map((r) => r.via)).toEqual(['text', 'image', 'text', 'image', 'image', 'image', 'image', 'text', 'image', 'image', 'image']);
    expect(d.qr).toEqual(['moneybox:movement:4711']);
    expect(d.pulses).toHaveLength(1);
  });

  it('prints a Spanish fill on 58 mm from code page 858 (accents included), with the drawer after and no customer', async () => {
    const d = await decode(sample('fills'), 58, 'mx');
    expect(d.text).toEqual([
      'Lucky Star',
      'Reposición',
      '-'.repeat(32),
      'Monto                     $25.50',
      'Caja después           $1,234.50',
      '-'.repeat(32),
      'Cajero                 cashier01',
      'Hora         2026-12-02 10:05:09',
      'Movimiento                 #4711',
    ]);
    expect(d.rows.every((r) => r.via === 'text')).toBe(true);
    expect(d.pulses).toHaveLength(1);
  });

  const cases = RECEIPT_KINDS.flatMap((kind) => ([58, 80] as const).flatMap((width) => (Object.keys(LANGS) as Lang[]).map((lang) => [kind, width, lang] as const)));
  it.each(cases)('%s at %i mm in %s: every row fits the paper, says the movement in its language, its QR is the movement, the drawer opens only for cash', async (kind, width, lang) => {
    const texts = LANGS[lang].receipt;
    const r = sample(kind);
    const d = await decode(r, width, lang);
    const { columns } = PAPER[width];
    for (const row of d.rows) if (row.via === 'text') expect(row.text.length * row.size, row.text).toBeLessThanOrEqual(columns);
    expect(d.text[0]).toBe('Lucky Star');
    expect(d.text[1]).toBe(texts.kinds[kind]);
    expect(d.text).toContain(pair(texts.amount, '$25.50', columns));
    expect(d.text).toContain(pair(texts.cashier, 'cashier01', columns));
    // The store's time: 16:05 UTC at UTC-6.
    expect(d.text).toContain(pair(texts.time, '2026-12-02 10:05:09', columns));
    if (r.customer) {
      expect(d.text).toContain(pair(texts.customer, 'José Ñúñez #42', columns));
      expect(d.text).toContain(pair(texts.entries, `$${r.entries!.toFixed(2)}`, columns));
      expect(d.text).toContain(pair(texts.winnings, `$${r.winnings!.toFixed(2)}`, columns));
    } else {
      expect(d.text).toContain(pair(texts.drawerBalance, '$1,234.50', columns));
    }
    expect(d.qr).toEqual(['moneybox:movement:4711']);
    expect(d.pulses).toHaveLength(CASH_KINDS.includes(kind) ? 1 : 0);
    expect(d.cuts).toBe(1);
  });

  it('opens the drawer exactly for purchase, redeem, fills and bleeds; never for comps, a revert or a reprint', async () => {
    expect([...CASH_KINDS].sort()).toEqual(['bleeds', 'fills', 'purchase', 'redeem']);
    const pulses = async (r: MovementReceipt) => (await decode(r, 80, 'en')).pulses.length;
    expect(await pulses(sample('comps'))).toBe(0);
    expect(await pulses(sample('revert'))).toBe(0);
    const reprint = await decode({ ...sample('redeem'), reprint: true }, 80, 'en');
    expect(reprint.pulses).toEqual([]);
    expect(reprint.text.slice(0, 3)).toEqual(['Lucky Star', 'Redeem', 'Reprint']);
  });

  it('puts a long customer name under its label rather than past the paper', async () => {
    const d = await decode({ ...sample('purchase'), customer: { id: 42, name: 'Maximiliano Alejandro de la Santísima Trinidad' } }, 58, 'en');
    const at = d.text.indexOf('Customer');
    expect(at).toBeGreaterThan(0);
    expect(d.text.slice(at + 1, at + 3)).toEqual(['Maximiliano Alejandro de la Sant', 'ísima Trinidad #42']);
    // The value's end right-aligned on the paper's last column.
    expect(d.rows.map((r) => r.text)).toContain('ísima Trinidad #42'.padStart(32));
  });

  it('opens the drawer alone for the shift count: the pulse, no text, no cut', async () => {
    const d = decodeEscPos(await encodeEscPos(DRAWER_ONLY, 58, bitsRasterize), readBitsImage);
    expect(d).toMatchObject({ text: [], qr: [], pulses: [{ pin: 0, onMs: 100, offMs: 500 }], cuts: 0 });
  });

  it('prints the test receipt with no drawer pulse', async () => {
    const d = decodeEscPos(await encodeEscPos(testReceipt('Lucky Star', '2026-12-02T16:05:09.000Z', 0, tFor('en')), 80, bitsRasterize), readBitsImage);
    expect(d.text.slice(0, 2)).toEqual(['Lucky Star', 'Printer test']);
    expect(d.qr).toEqual(['moneybox:test']);
    expect(d.pulses).toEqual([]);
  });
});
