// @vitest-environment node
import { currencySignForLayout, themeForLayout } from '@moneybox/contract/layout';
import { describe, expect, it } from 'vitest';
import { layoutInfo, mantineTheme, palettes } from './themes';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

// The layout rules themselves (theme, currency sign, host lookup) are tested once, in
// packages/contract/src/layout.test.ts; here only the web's use of them.
describe('layout → theme', () => {
  it('derives the theme and currency sign of every layout from the contract rules', () => {
    for (const l of [0, 1, 2, 3, 4, 5, 6, 7, -1]) {
      expect(layoutInfo(l)).toEqual({ layout: l, theme: themeForLayout(l), coinSign: currencySignForLayout(l) });
    }
    expect(layoutInfo(4).theme).toBe('purple');
    expect(layoutInfo(2)).toMatchObject({ theme: 'green', coinSign: '₡' });
  });

  it('gives each colour style its own Mantine primary colour with readable white text', () => {
    for (const name of ['bluegreen', 'orangered', 'green', 'purple'] as const) {
      const theme = mantineTheme(name);
      expect(theme.primaryColor).toBe(name);
      expect(theme.colors?.[name]).toHaveLength(10);
      const filled = palettes[name][8];
      const ratio = (1 + 0.05) / (luminance(filled) + 0.05);
      expect(ratio).toBeGreaterThanOrEqual(4.5);
    }
  });
});
