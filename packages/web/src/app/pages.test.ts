// @vitest-environment node
import { SCREENS } from '@moneybox/contract/screens';
import { describe, expect, it } from 'vitest';
import { pages } from './pages';
import { routes } from './router';

describe('the screen registry and the pages', () => {
  it('has a page for every screen of the registry, and no page outside it', () => {
    expect(Object.keys(pages).sort()).toEqual(SCREENS.map((s) => s.link).sort());
  });

  it('routes every screen under the protected Default layout', () => {
    const json = JSON.stringify(routes, (_k, v: unknown) => (typeof v === 'function' || (v && typeof v === 'object' && '$$typeof' in v) ? undefined : v));
    for (const s of SCREENS) expect(json).toContain(`"path":"${s.link}"`);
  });
});
