// @vitest-environment node
import type { KioskCollectionSlip } from '@moneybox/contract';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/day-close.json';
import mx from '../../locales/mx/day-close.json';
import zh from '../../locales/zh_Hans/day-close.json';
import { bitsRasterize, decodeEscPos, readBitsImage } from '../../test/escpos-decoder';
import { kioskSlipReceipt, type KioskSlipContext } from '../day-close/kiosk-slip-receipt';
import { eposXml } from './epos';
import { encodeEscPos } from './escpos';
import { PAPER, type PaperWidth } from './receipt';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { 'day-close': en }, mx: { 'day-close': mx }, zh_Hans: { 'day-close': zh } }, interpolation: { escapeValue: false } });
const LANGS = { en, mx, zh_Hans: zh } as const;
type Lang = keyof typeof LANGS;
const tFor = (lang: Lang): TFunction => i18n.getFixedT(lang);

/** A reload kiosk's box counted ten dollars (less a quarter) short, as /kiosk/collect answers it. */
const counted: KioskCollectionSlip = { collection_id: 31, kiosk: '901', time: '2026-12-02T16:05:09.000Z', collector: 'boss01', expected: 70, counted: 60.25, over_short: -9.75, count_detail: { '0.25': 1, '20': 3 }, reason: '' };
/** A box marked not collected: no count, its reason. */
const skipped: KioskCollectionSlip = { ...counted, collection_id: 32, counted: null, over_short: null, count_detail: null, reason: 'key missing' };
const ctx: KioskSlipContext = { store: 'Lucky Star', kioskId: 12, diff: -360, coinSign: '$' };

const decode = async (slip: KioskCollectionSlip, width: PaperWidth, lang: Lang, c: KioskSlipContext = ctx) =>
  decodeEscPos(await encodeEscPos(kioskSlipReceipt(slip, c, tFor(lang)), width, bitsRasterize), readBitsImage);

/** A label and its value on one row of the paper, as the printer prints it. */
const pair = (left: string, right: string, columns: number) => {
  const w = (s: string) => [...s].reduce((n, ch) => n + (/[\u3000-\u9fff\uff00-\uffef]/u.test(ch) ? 2 : 1), 0);
  return left + ' '.repeat(columns - w(left) - w(right)) + right;
};

describe('kiosk collection slip bytes (ESC/POS, decoded back)', () => {
  it('prints an English counted collection on 58 mm as these rows, the QR code of the collection and no drawer pulse', async () => {
    const d = await decode(counted, 58, 'en');
    expect(d.codepage).toBe('cp858');
    expect(d.text).toEqual([
      'Lucky Star',
      'Kiosk collection',
      '-'.repeat(32),
      'Kiosk                    901 #12',
      'Time         2026-12-02 10:05:09',
      'Collected by              boss01',
      '-'.repeat(32),
      'Expected                  $70.00',
      // Indented two columns under Expected (the decoder trims a row's leading spaces).
      '$20 × 3                 $60.00',
      '$0.25 × 1                $0.25',
      'Counted                   $60.25',
      'Over/short                -$9.75',
      '-'.repeat(32),
      'Collection                   #31',
    ]);
    // The store's name the big, bold, centred title; the count's denominations indented under Expected; the figures bold.
    expect(d.rows[0]).toMatchObject({ bold: true, size: 2, via: 'text' });
    expect(d.rows.map((r) => r.text)).toContain('  $20 × 3                 $60.00');
    expect(d.rows.find((r) => r.text.startsWith('Counted'))).toMatchObject({ bold: true });
    expect(d.rows.find((r) => r.text.startsWith('Expected'))).toMatchObject({ bold: false });
    expect(d.qr).toEqual(['moneybox:collection:31']);
    expect(d.pulses).toEqual([]);
    expect(d.cuts).toBe(1);
  });

  it('prints a Chinese collection on 80 mm with its Chinese rows as images that read back exactly, figures unchanged', async () => {
    const d = await decode(counted, 80, 'zh_Hans');
    expect(d.text).toEqual([
      'Lucky Star',
      '充值机收款单',
      '-'.repeat(48),
      pair('充值机', '901 #12', 48),
      pair('时间', '2026-12-02 10:05:09', 48),
      pair('收取人', 'boss01', 48),
      '-'.repeat(48),
      pair('应有', '$70.00', 48),
      pair('  $20 × 3', '$60.00', 48).trimStart(),
      pair('  $0.25 × 1', '$0.25', 48).trimStart(),
      pair('实点', '$60.25', 48),
      pair('长短款', '-$9.75', 48),
      '-'.repeat(48),
      pair('收款单号', '#31', 48),
    ]);
    // Rows the code page cannot carry are images; the store's name, the rules and the count's rows stay text.
    expect(d.rows.filter((r) => r.text.trim() !== '').map((r) => r.via)).toEqual(['text', 'image', 'text', 'image', 'image', 'image', 'text', 'image', 'text', 'text', 'image', 'image', 'text', 'image']);
    expect(d.qr).toEqual(['moneybox:collection:31']);
    expect(d.pulses).toEqual([]);
  });

  it('prints a Spanish box marked not collected on 58 mm from code page 858: its reason instead of a count, no over/short', async () => {
    const d = await decode(skipped, 58, 'mx');
    expect(d.text).toEqual([
      'Lucky Star',
      'Recaudación de quiosco',
      '-'.repeat(32),
      'Quiosco                  901 #12',
      'Hora         2026-12-02 10:05:09',
      'Recaudó                   boss01',
      '-'.repeat(32),
      'Esperado                  $70.00',
      'No recaudada         key missing',
      '-'.repeat(32),
      'Recaudación                  #32',
    ]);
    expect(d.rows.every((r) => r.via === 'text')).toBe(true);
    expect(d.qr).toEqual(['moneybox:collection:32']);
    expect(d.pulses).toEqual([]);
  });

  const cases = ([58, 80] as const).flatMap((width) => (Object.keys(LANGS) as Lang[]).flatMap((lang) => ([['counted', counted], ['not collected', skipped]] as const).map(([what, slip]) => [what, width, lang, slip] as const)));
  it.each(cases)('%s at %i mm in %s: every row fits the paper, in its language, the QR is the collection, never the drawer pulse', async (_what, width, lang, slip) => {
    const texts = LANGS[lang];
    const d = await decode(slip, width, lang);
    const { columns } = PAPER[width];
    for (const row of d.rows) if (row.via === 'text') expect(row.text.length * row.size, row.text).toBeLessThanOrEqual(columns);
    expect(d.text.slice(0, 2)).toEqual(['Lucky Star', texts.slip.title]);
    expect(d.text).toContain(pair(texts.kiosk, '901 #12', columns));
    // The store's time: 16:05 UTC at UTC-6.
    expect(d.text).toContain(pair(texts.slip.time, '2026-12-02 10:05:09', columns));
    expect(d.text).toContain(pair(texts.slip.collector, 'boss01', columns));
    expect(d.text).toContain(pair(texts.expected, '$70.00', columns));
    if (slip.counted === null) {
      expect(d.text).toContain(pair(texts.notCollected, 'key missing', columns));
      expect(d.text.some((row) => row.startsWith(texts.overShort))).toBe(false);
    } else {
      expect(d.text).toContain(pair(texts.counted, '$60.25', columns));
      expect(d.text).toContain(pair(texts.overShort, '-$9.75', columns));
    }
    expect(d.text.at(-1)).toBe(pair(texts.slip.collection, `#${slip.collection_id}`, columns));
    expect(d.qr).toEqual([`moneybox:collection:${slip.collection_id}`]);
    expect(d.pulses).toEqual([]);
    expect(d.cuts).toBe(1);
  });

  it('marks a reprint under its title; a long reason goes under its label rather than past the paper; over is signed +', async () => {
    const again = await decode({ ...counted, counted: 70.5, over_short: 0.5, count_detail: null }, 80, 'en', { ...ctx, reprint: true });
    expect(again.text.slice(0, 3)).toEqual(['Lucky Star', 'Kiosk collection', 'Reprint']);
    expect(again.text).toContain(pair('Over/short', '+$0.50', 48));
    expect(again.pulses).toEqual([]);
    const long = await decode({ ...skipped, reason: 'The box lock jammed; the technician comes tomorrow' }, 58, 'en');
    const at = long.text.indexOf('Not collected');
    expect(long.text.slice(at + 1, at + 3)).toEqual(['The box lock jammed; the technic', 'ian comes tomorrow']);
    // Without the machine row (a slip from elsewhere), the kiosk's name alone.
    const bare = await decode(counted, 58, 'en', { store: 'Lucky Star', diff: 0, coinSign: '$' });
    expect(bare.text).toContain(pair('Kiosk', '901', 32));
  });

  it('sends the same slip to an Epson ePOS-Print printer: its rows, the QR code, the cut, no <pulse>', () => {
    const xml = eposXml(kioskSlipReceipt(counted, ctx, tFor('en')), 80, 'en');
    expect(xml).toContain(`>${pair('Over/short', '-$9.75', 48)}&#10;</text>`);
    expect(xml).toContain('<symbol type="qrcode_model_2" level="level_m" width="6">moneybox:collection:31</symbol>');
    expect(xml).toContain('<cut type="feed"/>');
    expect(xml).not.toContain('<pulse');
  });
});
