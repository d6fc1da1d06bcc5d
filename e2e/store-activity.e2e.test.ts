import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, startE2E, type E2E, type Lang } from './harness.js';
import { sweep } from './sweep.js';
import { newCustomer } from '../packages/server/src/testing/customer-kit.js';
import { demoTerminal } from '../packages/server/src/testing/terminal-kit.js';

/** Issue 20: the limits' hint agrees with the cap rule; the Activity tab names a reload kiosk and its channel. */
describe('store information and the Activity tab', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    // A reload kiosk's purchase: a ledger row with no staff account behind it.
    const boss = await e.server.loginAt(3, DEMO_LOGINS.boss);
    const c = await newCustomer(e.server, boss);
    const kiosk = await demoTerminal(e.server, 900);
    expect(await kiosk.socket.command({ type: 'purchase', seq: kiosk.welcome.last_seq + 1, mobile_id: c.mobile_id, amount_cents: 5_00 })).toMatchObject({ ok: true });
    await kiosk.socket.close();
  });
  afterAll(() => e?.close());

  const kioskSays: Record<Lang, string> = { en: 'Reload kiosk 900 (reload kiosk)', mx: 'Quiosco de recarga 900 (quiosco de recarga)', zh_Hans: '充值机 900 (充值机)' };

  it('reads right on a till, a tablet and a phone in every language', { timeout: 600_000 }, async () => {
    for (const { lang, viewport: v } of sweep(1)) {
      const page = await e.newPage({ lang, viewport: v });
      await e.signIn(page, DEMO_LOGINS.boss, 3, '/SystemSetup/StoreInformationIndex');
      await page.getByTestId('store-form').waitFor();
      // The demo store's limits are capped by the provider: no "0 = no limit" anywhere.
      expect(await page.getByTestId('store-form').textContent()).not.toMatch(/0 = no limit|0 = sin límite|0 = 不限/);
      await page.getByTestId('store-limit_hourly').scrollIntoViewIfNeeded();
      await e.screenshot(page, `store-limits-${lang}-${v.width}`);

      await page.goto('/SystemSetup/userSettingSpecifyGroup');
      await page.getByTestId('tab-activity').click();
      await page.getByTestId('activity').waitFor();
      const actors = await page.getByTestId('activity-actor').allTextContents();
      expect(actors).toContain(kioskSays[lang]);
      expect(actors.filter((a) => a.includes('900'))).not.toContain('operator (operator)');
      await e.screenshot(page, `activity-kiosk-${lang}-${v.width}`);
      await page.context().close();
    }
  });
});
