// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { periodPayload, periodProblem, todayPeriod } from './period';

describe('report period (spec section 5)', () => {
  it('defaults to today, one whole store day', () => {
    expect(todayPeriod('2026-03-08')).toEqual({ from: '2026-03-08', to: '2026-03-08' });
    expect(periodProblem(todayPeriod('2026-03-08'))).toBeNull();
  });

  it("refuses a 'To date' before the 'From date' (To is the end of its day, so the same day is later)", () => {
    expect(periodProblem({ from: '2026-03-08', to: '2026-03-07' })).toBe('toBeforeFrom');
    expect(periodProblem({ from: '2026-03-08', to: '2026-03-08' })).toBeNull();
    expect(periodProblem({ from: '2025-12-31', to: '2026-01-01' })).toBeNull();
    expect(periodProblem({ from: '2026-02-01', to: '2026-01-31' })).toBe('toBeforeFrom');
  });

  it('needs two calendar dates', () => {
    expect(periodProblem({ from: '', to: '2026-03-08' })).toBe('missing');
    expect(periodProblem({ from: '2026-02-30', to: '2026-03-08' })).toBe('missing');
    expect(periodProblem({ from: '2026-3-8', to: '2026-03-08' })).toBe('missing');
  });

  it('sends store days as the server reads them (startTime, endTime)', () => {
    expect(periodPayload({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ startTime: '2026-03-01', endTime: '2026-03-31' });
  });
});
