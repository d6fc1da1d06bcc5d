import { it } from 'vitest';
import { e2eDialect, FULL, type Lang } from './harness.js';

/** The three widths every screen is checked at (a till, a tablet, a phone). */
export const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 820, height: 1180 },
  { width: 390, height: 844 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

export const LANGS: readonly Lang[] = ['en', 'mx', 'zh_Hans'];

/**
 * The (language, width) pairs a test "in every language at every width" checks. A full run checks all
 * nine. npm test checks one: turn t reads in LANGS[t % 3] at VIEWPORTS[⌊t / 3⌋ % 3], and the tests pass
 * different turns (0 to 8), so a run sees every language and every width, and nearly every pairing,
 * across the files; `npm run test:full` sees each test in all nine.
 */
export function sweep(turn: number, langs: readonly Lang[] = LANGS, viewports: readonly Viewport[] = VIEWPORTS): Array<{ lang: Lang; viewport: Viewport }> {
  if (FULL) return langs.flatMap((lang) => viewports.map((viewport) => ({ lang, viewport })));
  return [{ lang: langs[turn % langs.length]!, viewport: viewports[Math.floor(turn / langs.length) % viewports.length]! }];
}

/**
 * A test of how screens read and behave (layout, words, widths, what a role's screen offers, how a form
 * takes typing), not of what the database does: defined in the SQLite tier only, since the PostgreSQL
 * tier re-runs the flows for the database and none of this depends on it. (Not a skip: on PostgreSQL the
 * test is not part of the tier at all.)
 */
export const layoutTest: typeof it = (e2eDialect() === 'sqlite' ? it : () => undefined) as typeof it;
