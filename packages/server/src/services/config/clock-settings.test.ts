import { describe, expect, it } from 'vitest';
import { isValidTimeZone, isoAgo, isoIn, tzOffsetMinutes } from '../../clock.js';
import { settingsFromEnv } from '../../settings.js';

describe('tzOffsetMinutes: the diff of /config/localtime', () => {
  it.each([
    ['America/Chicago', '2025-01-15T12:00:00Z', -360],
    ['America/Chicago', '2025-07-15T12:00:00Z', -300],
    // The DST switch in Chicago: 2025-03-09 08:00 UTC is 02:00 CST → 03:00 CDT.
    ['America/Chicago', '2025-03-09T07:59:59Z', -360],
    ['America/Chicago', '2025-03-09T08:00:00Z', -300],
    ['America/Chicago', '2025-11-02T06:59:59.999Z', -300],
    ['America/Chicago', '2025-11-02T07:00:00Z', -360],
    ['Asia/Kolkata', '2025-01-15T12:00:00Z', 330],
    ['Asia/Kathmandu', '2025-06-01T00:00:00Z', 345],
    ['Pacific/Chatham', '2025-01-15T12:00:00Z', 825],
    ['UTC', '2025-01-15T12:34:56.789Z', 0],
    ['America/St_Johns', '2025-01-15T23:59:59.500Z', -210],
  ])('%s at %s is %i minutes', (tz, at, minutes) => {
    expect(tzOffsetMinutes(tz, new Date(at))).toBe(minutes);
  });

  it('knows IANA names and refuses others', () => {
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('writes times as ISO-8601 UTC text that sorts in time order', () => {
    const now = Date.parse('2025-01-01T00:00:00.000Z');
    expect(isoAgo(1000, now)).toBe('2024-12-31T23:59:59.000Z');
    expect(isoIn(60_000, now)).toBe('2025-01-01T00:01:00.000Z');
    expect(isoAgo(1, now) < isoIn(1, now)).toBe(true);
  });
});

describe('settingsFromEnv', () => {
  it('has the documented defaults', () => {
    expect(settingsFromEnv({})).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      sessionIdleMs: 720 * 60_000,
      keyTtlMs: 600_000,
      loginIpLimit: 30,
      loginUserLimit: 20,
      loginWindowMs: 300_000,
    });
  });

  it('reads whole numbers from the environment and ignores anything else', () => {
    const s = settingsFromEnv({ PORT: '9090', SESSION_IDLE_MINUTES: '15', KEY_TTL_SECONDS: 'ten', LOGIN_IP_LIMIT: '-3', DATABASE_URL: '' });
    expect(s).toMatchObject({ port: 9090, sessionIdleMs: 15 * 60_000, keyTtlMs: 600_000, loginIpLimit: 30, databaseUrl: undefined });
  });
});
