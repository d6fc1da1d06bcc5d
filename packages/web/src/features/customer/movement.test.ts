import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../i18n/i18n';
import { moneyLockReasons, movementRefusal, protectRefusal, PROTECTION_LOCKED } from './movement';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o ?? {});
const ctx = { blocked: false, coinSign: '$' };

describe('refused movement messages', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.loadNamespaces('customer');
    await i18n.changeLanguage('en');
  });

  it('says why a self-excluded or cooling-off customer cannot buy, with the end date, in each language', async () => {
    const date = (iso: string) => iso.slice(0, 10);
    const r = { status: 17, reason: 'protected', protection: 'exclusion', until: '2027-11-25T20:00:00.000Z' };
    expect(movementRefusal(r, t, 'Customer error', { ...ctx, date })).toBe('Customer error: self-excluded until 2027-11-25. Only redeem and revert are allowed.');
    expect(movementRefusal({ ...r, until: null }, t, 'Customer error', { ...ctx, date })).toBe('Customer error: self-excluded permanently. Only redeem and revert are allowed.');
    await i18n.changeLanguage('mx');
    expect(movementRefusal({ ...r, protection: 'cool_off' }, t, 'x', { ...ctx, date })).toBe('Error de cliente: en pausa hasta 2027-11-25. Solo se permiten canje y reversión.');
    await i18n.changeLanguage('zh_Hans');
    expect(movementRefusal(r, t, 'x', { ...ctx, date })).toBe('客户错误：自我排除至 2027-11-25。仅允许兑奖和撤销购买。');
    await i18n.changeLanguage('en');
    expect(PROTECTION_LOCKED).toEqual(['purchase', 'comps']);
  });

  it('says a cash movement is stopped at the report threshold and names the missing identity fields, in each language', async () => {
    await i18n.loadNamespaces('status');
    const r = { status: 17, reason: 'cash_report', missing: ['drivers_license', 'address'], direction: 'in', threshold: 10000, day_total: 10200 };
    expect(movementRefusal(r, t, 'Customer error', ctx)).toBe('a cash report is due for this customer: their identity must be completed first. Missing: ID number, address.');
    await i18n.changeLanguage('mx');
    expect(movementRefusal(r, t, 'x', ctx)).toBe('se debe reportar el efectivo de este cliente: primero hay que completar su identificación. Falta: número de identificación, domicilio.');
    await i18n.changeLanguage('zh_Hans');
    expect(movementRefusal(r, t, 'x', ctx)).toBe('该客户的现金交易需要申报：须先补全其身份信息。缺少：证件号码, 地址。');
    await i18n.changeLanguage('en');
  });

  it("says a customer is under the store's minimum age, or needs a birthday for it", async () => {
    expect(movementRefusal({ status: 17, reason: 'underage', min_age: 21 }, t, 'Customer error', ctx)).toBe(
      "Customer error: the customer is younger than the store's minimum age of 21. Purchases and special comps are not allowed; redeem is.",
    );
    expect(movementRefusal({ status: 17, reason: 'birthday', min_age: 18 }, t, 'Customer error', ctx)).toMatch(/minimum age is 18/);
    expect(movementRefusal({ status: 17, reason: 'birthday' }, t, 'Customer error', ctx)).toBe("Customer error: this store needs the customer's birthday first. Edit the customer to add it.");
    await i18n.changeLanguage('zh_Hans');
    expect(movementRefusal({ status: 17, reason: 'underage', min_age: 21 }, t, 'x', ctx)).toMatch(/^客户错误：该客户未满本店的最低年龄 21 岁/);
    await i18n.changeLanguage('en');
  });

  it("says 'purchase limit reached, contact your provider', then which limit and what is left of it", async () => {
    expect(movementRefusal({ status: 35, reason: 'purchase_limit', limit: 'hourly', left: 450 }, t, 'Amount error', ctx)).toBe(
      'Purchase limit reached, contact your provider. Hourly limit: $450.00 left.',
    );
    expect(movementRefusal({ status: 35, reason: 'purchase_limit', limit: 'weekly', left: 0 }, t, 'Amount error', ctx)).toBe(
      'Purchase limit reached, contact your provider. Weekly limit: $0.00 left.',
    );
    // Without the figures (an older server), the spec's message alone.
    expect(movementRefusal({ status: 35, reason: 'purchase_limit' }, t, 'Amount error', ctx)).toBe('Purchase limit reached, contact your provider');
    await i18n.changeLanguage('mx');
    expect(movementRefusal({ status: 35, reason: 'purchase_limit', limit: 'daily', left: 12.5 }, t, 'Error de monto', ctx)).toBe(
      'Se alcanzó el límite de compra, contacte a su proveedor. Límite diario: quedan $12.50.',
    );
    await i18n.changeLanguage('zh_Hans');
    expect(movementRefusal({ status: 35, reason: 'purchase_limit', limit: 'daily', left: 12.5 }, t, '金额错误', ctx)).toBe('已达购买限额，请联系您的供应商。每日限额剩余 $12.50。');
    await i18n.changeLanguage('en');
  });

  it("gives the card's reasons why no credit may move: 'blocked' and the spec's messages 25, 29, 31, 27", async () => {
    await i18n.loadNamespaces('status');
    expect(moneyLockReasons({ blocked: false, playing: false }, t)).toEqual([]);
    expect(moneyLockReasons({ blocked: true, playing: false }, t)).toEqual(['Customer error: this customer is blocked']);
    expect(moneyLockReasons({ blocked: false, playing: true }, t)).toEqual([
      'Cannot purchase, customer playing',
      'Cannot redeem, customer playing',
      'Cannot do special comps, customer playing',
      'Cannot revert purchase, customer playing',
    ]);
    expect(moneyLockReasons({ blocked: true, playing: true }, t)).toHaveLength(5);
  });

  it('names the minimum, what a revert may take back, a blocked customer and a short drawer', () => {
    expect(movementRefusal({ status: 35, min_amount: 1 }, t, 'Amount error', ctx)).toBe('Amount error: the minimum is $1.00');
    expect(movementRefusal({ status: 35, reason: 'over_revertable', revertable: 20 }, t, 'Amount error', ctx)).toContain('at most $20.00 can be reverted');
    expect(movementRefusal({ status: 35, reason: 'winnings' }, t, 'Amount error', ctx)).toBe("Amount error: the customer's winnings are not enough");
    expect(movementRefusal({ status: 17 }, t, 'Customer error', { ...ctx, blocked: true })).toBe('Customer error: this customer is blocked');
    expect(movementRefusal({ status: 17 }, t, 'Customer error', ctx)).toBe('Customer error');
    expect(movementRefusal({ status: 38 }, t, 'Drawer balance error', ctx)).toBe('Drawer balance not enough');
    expect(movementRefusal({ status: 25 }, t, 'Cannot purchase, customer playing', ctx)).toBe('Cannot purchase, customer playing');
  });

  it.each([
    ['en', "This is over the customer's own daily limit: $12.50 left."],
    ['mx', 'Esto supera el límite propio del cliente por día: quedan $12.50.'],
    ['zh_Hans', '这超出了客户本人设定的每日限额：剩余 $12.50。'],
  ])("in %s, says a purchase over the customer's own limit is theirs, with what is left, never 'contact your provider' (issue 37)", async (lang, words) => {
    await i18n.changeLanguage(lang);
    const said = movementRefusal({ status: 35, reason: 'purchase_limit', limit: 'daily', left: 12.5, personal: true }, t, 'x', ctx);
    expect(said).toBe(words);
    expect(said).not.toContain(t('customer:refused.purchaseLimit'));
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'An exclusion can be lengthened, not shortened, until it ends on 2027-05-01. Choose a period that ends later.', 'The customer is self-excluded permanently: it cannot be changed.'],
    ['mx', 'Una autoexclusión se puede alargar, no acortar, hasta que termine el 2027-05-01. Elige un periodo que termine después.', 'El cliente está autoexcluido de forma permanente: no se puede cambiar.'],
    ['zh_Hans', '自我排除只能延长，不能缩短，直至 2027-05-01 结束。请选择更晚结束的期限。', '该客户已永久自我排除，无法更改。'],
  ])("in %s, says a shorter exclusion is refused because the running one ends later, with its end date (issue 37)", async (lang, shorter, permanent) => {
    await i18n.changeLanguage(lang);
    const date = (iso: string) => iso.slice(0, 10);
    const r = { status: 17, reason: 'protected', protection: 'exclusion', until: '2027-05-01T05:00:00.000Z' };
    expect(protectRefusal(r, t, date, 'Customer error')).toBe(shorter);
    expect(protectRefusal({ ...r, until: null }, t, date, 'Customer error')).toBe(permanent);
    // Any other refusal keeps its message.
    expect(protectRefusal({ status: 17 }, t, date, 'Customer error')).toBe('Customer error');
    await i18n.changeLanguage('en');
  });
});
