import { RefusalReason, SaType, Status, type TerminalRefusal } from '@moneybox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { consoleAccount } from '../../testing/console-kit.js';
import { newCustomer, openCounter } from '../../testing/customer-kit.js';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { everyChannel, otherStore } from '../../testing/terminal-kit.js';

type Counter = Session & { drawer: number };
type Terminal = Awaited<ReturnType<typeof everyChannel>>['kiosk'];

/**
 * Self-exclusion follows the person, not the record: a person is the ID number's key (NFKC,
 * Cyrillic/Greek look-alikes folded, case and separators dropped). The customer evading it: registers
 * again in the same store with the number typed another way, has the number edited, or turns up in
 * another store of the operator (store 2101, with the demo store 1001 under one distributor, sharing on)
 * with the number in full-width characters or one Cyrillic look-alike.
 */
describeOnDatabases('self-exclusion follows the person', (s) => {
  const SAME = 2101;
  let boss: Counter;
  let here: Counter;
  let there: Counter;
  let channels: Awaited<ReturnType<typeof everyChannel>>;

  beforeAll(async () => {
    await otherStore(s, SAME);
    const admin = await consoleAccount(s, 'admin');
    await consoleAccount(s, 'distributor', { stores: [1001, SAME] });
    expect((await s.call('/operator/exclusionSharingSet', { UID: admin.UID, TOKEN: admin.TOKEN, kid: 1001, on: true })).status).toBe(Status.OK);
    boss = await openCounter(s, 1000, { saType: SaType.BOSS });
    here = await openCounter(s, 1000);
    there = await openCounter(s, 1000, { storeId: SAME });
    channels = await everyChannel(s);
  });
  afterAll(async () => {
    await channels?.close();
  });

  const purchase = async (who: Counter, id: number) => s.call('/customer/purchase', { ...who, id, amount: 5, key: await s.key() });
  const exclude = async (who: Counter, id: number) => {
    const r = await s.call('/customer/protect', { ...who, id, kind: 'exclusion', period: '1y' });
    expect(r.status).toBe(Status.OK);
    return (r.protection as { until: string }).until;
  };
  const create = (who: Counter, drivers_license: string) => s.call('/customer/create', { ...who, first_name: 'Again', last_name: 'Person', birthday: '1970-01-01', drivers_license });
  const edit = (who: Counter, id: number, drivers_license: string) => s.call('/customer/update', { ...who, id, drivers_license });
  const kioskBuys = (t: Terminal, mobile_id: string) => channels.command(t, { type: 'purchase', mobile_id, amount_cents: 5_00 });
  const refusedAs = (excluded: 'person' | 'id_change', until: string) => ({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED, protection: 'exclusion', until, excluded });
  const customers = async () => Number((await s.handle.db.selectFrom('customer').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('in the store: the person is not registered again, whatever way the number is typed, and their old second record is excluded too', async () => {
    const twin = await newCustomer(s, here, { drivers_license: 'ab 4711-0815' }); // registered twice before the exclusion
    const excluded = await newCustomer(s, here, { drivers_license: 'AB-4711-0815' });
    expect((await purchase(here, twin.id)).status).toBe(Status.OK);
    const until = await exclude(here, excluded.id);
    const row = await s.handle.db.selectFrom('audit').select('after_json').where('kind', '=', 'customer.protect').where('target_id', '=', excluded.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.after_json!)).toMatchObject({ same_person: 1 });

    const before = await customers();
    for (const typed of ['AB47110815', 'ＡＢ４７１１０８１５', 'АВ 4711 0815' /* Cyrillic A and Ve */, 'ab.4711.0815', 'Α-Β-4711-0815' /* Greek */]) {
      expect(await create(here, typed)).toMatchObject(refusedAs('person', until));
      expect(await create(boss, typed)).toMatchObject(refusedAs('person', until));
    }
    expect(await customers()).toBe(before);

    // The record registered before carries the person's exclusion: refused at the counter and the kiosk.
    expect(await purchase(here, twin.id)).toMatchObject({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED, until });
    for (const t of [channels.kiosk, channels.online]) expect(await kioskBuys(t, twin.mobile_id)).toMatchObject({ ok: false, reason: 'excluded' satisfies TerminalRefusal, until });
  });

  it('in the store: the excluded record keeps its number, and no other record takes it', async () => {
    const excluded = await newCustomer(s, here, { drivers_license: 'K-900-100' });
    const other = await newCustomer(s, here, { drivers_license: 'K-900-200' });
    const until = await exclude(here, excluded.id);

    expect(await edit(boss, excluded.id, 'K-900-101')).toMatchObject(refusedAs('id_change', until));
    expect(await edit(boss, excluded.id, '')).toMatchObject(refusedAs('id_change', until));
    // The same number typed another way is no change of person.
    expect(await edit(boss, excluded.id, 'k900100')).toMatchObject({ status: Status.OK, customer: { drivers_license: 'k900100' } });
    // Another record cannot become the excluded person to pass for them, nor a new one.
    expect(await edit(boss, other.id, 'К900100' /* Cyrillic Ka */)).toMatchObject(refusedAs('person', until));
    expect((await s.call('/customer/info', { ...here, type: 'id', rule: String(other.id) })).customer).toMatchObject({ drivers_license: 'K-900-200', protection: null });
    expect((await purchase(here, other.id)).status).toBe(Status.OK);
  });

  it('across the operator\'s stores: full-width or a Cyrillic look-alike does not escape the shared exclusion, nor does an edit of the number there', async () => {
    const earlier = await newCustomer(s, here, { drivers_license: 'ＡＢ７７７８８８' }); // full-width
    const excluded = await newCustomer(s, there, { drivers_license: 'AB777888' });
    expect((await purchase(here, earlier.id)).status).toBe(Status.OK);
    const until = await exclude(there, excluded.id);

    expect(await purchase(here, earlier.id)).toMatchObject({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED, until });
    expect(await kioskBuys(channels.kiosk, earlier.mobile_id)).toMatchObject({ ok: false, reason: 'excluded', until });
    // Registered again here with one Cyrillic look-alike: refused.
    expect(await create(here, 'AB777888'.replace('B', 'В'))).toMatchObject(refusedAs('person', until));
    expect(await create(here, 'ab-777-888')).toMatchObject(refusedAs('person', until));
    // Editing the number here does not lift it.
    expect(await edit(boss, earlier.id, 'ZZ1')).toMatchObject(refusedAs('id_change', until));
    expect(await purchase(here, earlier.id)).toMatchObject({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED });
    await s.verify();
  });
});
