import { currencySignForLayout, layoutForHost, themeForLayout } from '@moneybox/contract/layout';
import { describe, expect, it } from 'vitest';
import { layoutInfo, mantineTheme, palettes } from './themes';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('layout → theme', () => {
  it.each([
    [0, 'bluegreen'],
    [1, 'orangered'],
    [2, 'green'],
    [3, 'bluegreen'],
    [4, 'purple'],
    [5, 'green'],
    [6, 'bluegreen'],
    [7, 'bluegreen'],
    [-1, 'bluegreen'],
    ['2', 'bluegreen'],
  ])('layout %s is %s', (layout, theme) => {
    expect(themeForLayout(layout)).toBe(theme);
    if (typeof layout === 'number') expect(layoutInfo(layout).theme).toBe(theme);
  });

  it('uses the colon sign only for layout 2', () => {
    expect(currencySignForLayout(2)).toBe('₡');
    for (const l of [0, 1, 3, 4, 5, 6, 99]) expect(currencySignForLayout(l)).toBe('$');
    expect(layoutInfo(2).coinSign).toBe('₡');
  });

  it('takes the layout of the host from the domain map, 0 when absent', () => {
    const map = { 'games.example.com': 1, '127.0.0.1:8080': 4 };
    expect(layoutForHost(map, 'games.example.com')).toBe(1);
    expect(layoutForHost(map, 'games.example.com:8080')).toBe(1);
    expect(layoutForHost(map, '127.0.0.1:8080')).toBe(4);
    expect(layoutForHost(map, 'other.example.com')).toBe(0);
    expect(layoutForHost({}, 'x')).toBe(0);
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
