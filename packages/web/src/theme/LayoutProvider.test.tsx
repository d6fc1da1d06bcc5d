import fs from 'node:fs';
import { createRequire } from 'node:module';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LayoutProvider } from './LayoutProvider';

/** Variable names per block (shared, dark, light) of a Mantine variables sheet. */
function variablesOf(css: string): Record<'shared' | 'dark' | 'light', Set<string>> {
  const out = { shared: new Set<string>(), dark: new Set<string>(), light: new Set<string>() };
  for (const m of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const selector = m[1]!;
    const block = /color-scheme=["']dark/.test(selector) ? 'dark' : /color-scheme=["']light/.test(selector) ? 'light' : 'shared';
    for (const v of m[2]!.matchAll(/(--[\w-]+)\s*:/g)) out[block].add(v[1]!);
  }
  return out;
}

afterEach(() => vi.unstubAllGlobals());

describe('LayoutProvider', () => {
  it("writes every variable of Mantine's default-css-variables.css, which the app does not load", async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 200 })));
    render(
      <LayoutProvider>
        <p>ready</p>
      </LayoutProvider>,
    );
    await screen.findByText('ready');
    const written = variablesOf([...document.querySelectorAll('style[data-mantine-styles]')].map((s) => s.textContent).join('\n'));
    const sheet = fs.readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles/default-css-variables.css'), 'utf8');
    const defaults = variablesOf(sheet.replace(/\/\*[\s\S]*?\*\//g, ''));
    for (const block of ['shared', 'dark', 'light'] as const) {
      expect(defaults[block].size, block).toBeGreaterThan(10);
      expect([...defaults[block]].filter((v) => !written[block].has(v)), block).toEqual([]);
    }
  });
});
