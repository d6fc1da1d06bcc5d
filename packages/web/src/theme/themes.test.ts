// @vitest-environment node
import { currencySignForLayout, themeForLayout } from '@moneybox/contract/layout';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { contrast, cssVariablesResolver, layoutInfo, luminance, mantineTheme, palettes, PLACEHOLDER_GREY } from './themes';

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

  it('keeps every colour of the theme readable at WCAG AA (issue 37): text, outline and filled on white and a grey row, the light variant on its ground', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21);
    const grey = DEFAULT_THEME.colors.gray[1];
    const failures: string[] = [];
    for (const name of ['bluegreen', 'orangered', 'green', 'purple'] as const) {
      const theme = mantineTheme(name);
      // Mantine's own colours (red, orange, green, teal...) as the pages use them, and the layout's.
      const colors = Object.entries(theme.colors as Record<string, MantineColorsTuple>);
      expect(colors.map(([c]) => c)).toEqual(expect.arrayContaining(['red', 'orange', 'yellow', 'green', 'teal', 'gray', name]));
      for (const [color, tuple] of colors) {
        for (const ground of ['#ffffff', grey]) if (contrast(tuple[8], ground) < 4.5) failures.push(`${name} ${color}.8 on ${ground}`);
        for (const ground of [tuple[1], tuple[2]]) if (contrast(tuple[9], ground) < 4.5) failures.push(`${name} ${color}.9 on ${ground}`);
        if (luminance(tuple[9]) >= luminance(tuple[8])) failures.push(`${name} ${color}.9 not darker than .8`);
      }
      // White text on a filled colour below the threshold, black above: 4.5:1 either way.
      expect(theme.luminanceThreshold).toBeCloseTo(0.179, 3);
      expect(theme.primaryShade).toEqual({ light: 8, dark: 6 });
    }
    expect(failures).toEqual([]);
  });

  it('reads placeholders and dimmed text at 4.5:1 on white, and lets the keyboard scroll a wide table', () => {
    const theme = mantineTheme('bluegreen');
    const light = cssVariablesResolver(theme as never).light;
    expect(light['--mantine-color-placeholder']).toBe(PLACEHOLDER_GREY);
    expect(contrast(PLACEHOLDER_GREY, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
    expect(contrast(DEFAULT_THEME.colors.gray[7], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(theme.components?.TableScrollContainer?.defaultProps).toEqual({ scrollAreaProps: { viewportProps: { tabIndex: 0 } } });
  });
});
