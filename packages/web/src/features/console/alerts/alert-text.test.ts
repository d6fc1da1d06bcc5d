import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { i18n, i18nReady } from '../../../i18n/i18n';
import { alertText } from './alert-text';

const t = i18n.t.bind(i18n) as TFunction;
const money = (units: number) => `$${units.toFixed(2)}`;

/** The ledger alerts in words: verify's differing balance, and the chain check's first changed row (or changed period). */
describe('ledger alert text', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.loadNamespaces('console');
  });

  it.each([
    ['en', 'customer #7: recorded $1.00, ledger $2.00', 'Ledger rows changed after they were digested: the first that differs is row #412', 'The ledger digests no longer match the rows: a digested period or a sealed day was changed'],
    ['mx', 'customer #7: registrado $1.00, libro $2.00', 'Filas del libro cambiadas después de su resumen: la primera distinta es la fila #412', 'Los resúmenes del libro ya no coinciden con las filas: se cambió un periodo resumido o un día sellado'],
    ['zh_Hans', 'customer #7：记录 $1.00，账本 $2.00', '账本记录在生成摘要后被改动：第一条不符的是第 412 行', '账本摘要与记录不再一致：某个已生成摘要的时段或已封存的营业日被改动'],
  ])('in %s', async (lang, sums, row, period) => {
    await i18n.changeLanguage(lang);
    expect(alertText({ kind: 'ledger', detail: { what: 'customer', id: 7, cached_cents: 100, ledger_cents: 200 } }, t, money)).toBe(sums);
    expect(alertText({ kind: 'ledger', detail: { what: 'ledger chain', id: 412, first_row: 412, problem: 'row hash', problems: 3 } }, t, money)).toBe(row);
    expect(alertText({ kind: 'ledger', detail: { what: 'ledger chain', id: null, first_row: null, problem: 'period', problems: 1 } }, t, money)).toBe(period);
  });
});

/** Unusual activity in words: structuring by a document or by a record, and purchase and redeem with little play. */
describe('unusual activity alert text', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.loadNamespaces('console');
  });

  it.each([
    ['en', '4 cash movements near the report threshold (within 10% under it) by one customer record without an ID document, in the week from 2026-11-30', 'Ana Ruiz bought $500.00 and redeemed $460.00 on 2026-12-03, with $0.00 played'],
    ['mx', '4 movimientos de efectivo cerca del umbral de reporte (hasta 10% por debajo) de un mismo cliente sin documento de identidad, en la semana del 2026-11-30', 'Ana Ruiz compró $500.00 y cobró $460.00 el 2026-12-03, con $0.00 jugado'],
    ['zh_Hans', '同一无身份证件的客户记录在自 2026-11-30 起的一周内有 4 笔接近报告阈值（低于阈值 10% 以内）的现金交易', 'Ana Ruiz 于 2026-12-03 买入 $500.00，兑奖 $460.00，仅游戏 $0.00'],
  ])('in %s', async (lang, byRecord, littlePlay) => {
    await i18n.changeLanguage(lang);
    expect(alertText({ kind: 'structuring', detail: { window: 'week:2026-11-30', by_document: false, count: 4, band_percent: 10 } }, t, money)).toBe(byRecord);
    expect(alertText({ kind: 'little_play', detail: { day: '2026-12-03', name: 'Ana Ruiz', bought_cents: 500_00, redeemed_cents: 460_00, bet_cents: 0 } }, t, money)).toBe(littlePlay);
  });
});
