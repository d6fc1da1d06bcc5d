import { RefusalReason } from '@moneybox/contract';
import { describe, expect, it } from 'vitest';
import { checkPayout, payoutsToday, recentPayoutsSince } from './payouts.js';

const store = { id_check_cents: 100_00, large_payout_cents: 500_00 };

describe('payouts of the store day', () => {
  it("keeps the store day's payouts in the store's zone: from its local midnight, whatever the UTC date", () => {
    // Chicago on 10 March 2026 (daylight time, UTC-5): the store day starts at 05:00 UTC.
    const recent = [
      { at: '2026-03-10T04:59:59.999Z', cents: 90_00 },
      { at: '2026-03-10T05:00:00.000Z', cents: 40_00 },
      { at: '2026-03-10T12:00:00.000Z', cents: 35_00 },
    ];
    expect(payoutsToday(recent, '2026-03-10T13:00:00.000Z', 'America/Chicago')).toBe(75_00);
    // In UTC the same instant's day started at midnight UTC: all three count.
    expect(payoutsToday(recent, '2026-03-10T13:00:00.000Z', 'UTC')).toBe(165_00);
    // A store day after a daylight-saving change lasts 23 or 25 hours: the reads start far enough back.
    expect(Date.parse('2026-11-01T13:00:00.000Z') - Date.parse(recentPayoutsSince('2026-11-01T13:00:00.000Z'))).toBeGreaterThan(25 * 3_600_000);
  });

  it('checks the day total, not the payout alone: refused unattended and without the ID; a matching number passes', () => {
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return err as { reason: string; figures: Record<string, unknown> };
      }
      return null;
    };
    expect(checkPayout('redeem', store, 75_00, 0, { attended: false }, '')).toBeNull();
    expect(refusal(() => checkPayout('redeem', store, 75_00, 75_00, { attended: false }, ''))).toMatchObject({ reason: RefusalReason.ID_CHECK, figures: { id_check: 'counter' } });
    expect(refusal(() => checkPayout('redeem', store, 75_00, 75_00, { attended: true, id: undefined }, 'D1'))).toMatchObject({ figures: { id_check: 'missing', paid_today_cents: 75_00 } });
    expect(refusal(() => checkPayout('redeem', store, 75_00, 75_00, { attended: true, id: { type: 'passport', number: 'D2' } }, 'D1'))).toMatchObject({ figures: { id_check: 'mismatch' } });
    expect(checkPayout('redeem', store, 75_00, 75_00, { attended: true, id: { type: 'passport', number: ' d-1 ' } }, 'D1')).toEqual({
      idType: 'passport',
      idNumber: 'd-1',
      large: false,
      dayTotal: 150_00,
      recordsId: false,
    });
    expect(checkPayout('redeem', store, 100_00, 450_00, { attended: true, id: { type: 'state_id', number: 'S9' } }, '')).toMatchObject({ large: true, dayTotal: 550_00, recordsId: true });
  });
});
