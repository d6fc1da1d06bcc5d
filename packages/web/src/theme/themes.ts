import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { currencySignForLayout, themeForLayout, type ThemeName } from '@moneybox/contract/layout';

/**
 * The four colour styles of spec section 1 as Mantine palettes. Shade 8 is the filled colour
 * (buttons, header): each one keeps white text above a 4.5:1 contrast ratio.
 */
export const palettes: Record<ThemeName, MantineColorsTuple> = {
  bluegreen: ['#e3fbfb', '#c4f0f0', '#93e0e0', '#5ecfd0', '#33c0c2', '#18b4b6', '#00a7a9', '#008a8c', '#00696b', '#004f51'],
  orangered: ['#fff0e8', '#ffdccc', '#ffb699', '#ff8e62', '#ff6b35', '#fb5517', '#e54a0c', '#c93f0a', '#b93a12', '#8f2a08'],
  green: ['#ecfbe8', '#d6f2cf', '#ade3a0', '#81d36e', '#5cc545', '#45bb2b', '#38a91f', '#2f8c19', '#2b6e1f', '#1d5413'],
  purple: ['#f6ecff', '#e7d5fb', '#cba8f2', '#ae79ea', '#9652e3', '#873adf', '#7f2dde', '#6c22c5', '#6a2c9e', '#4d1a78'],
};

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** `hex` mixed toward black by `amount` (0 to 1). */
function darker(hex: string, amount: number): string {
  const channel = (i: number) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - amount)).toString(16).padStart(2, '0');
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

/** `hex`, darkened in steps of 2% until it reads at 4.5:1 (WCAG AA for text) on each of `grounds`. */
function readableOn(hex: string, grounds: readonly string[]): string {
  let out = hex;
  for (let step = 1; grounds.some((g) => contrast(out, g) < 4.5); step++) out = darker(hex, step * 0.02);
  return out;
}

/** The grey of a striped or hovered table row, the darkest ground coloured text sits on besides a light variant's. */
const ROW_GREY = DEFAULT_THEME.colors.gray[1];

/**
 * A palette whose text shades read at WCAG AA (issue 37: axe found coloured text below 4.5:1 on the
 * Drawer, Day Close and Account Setting screens). With primaryShade 8, shade 8 is every colour's
 * filled background (white text on it), its text (`c="red"`) and its outline: it reads on white and on
 * a grey row. Shade 9 is the light variant's text (a light Badge, Button or Alert title) on shade 1
 * (hovered: 2): it reads on both, and stays darker than shade 8 (it is the filled hover too).
 */
export function readablePalette(tuple: MantineColorsTuple): MantineColorsTuple {
  const eight = readableOn(tuple[8], ['#ffffff', ROW_GREY]);
  let nine = readableOn(tuple[9], [tuple[1], tuple[2], '#ffffff']);
  if (luminance(nine) >= luminance(eight)) nine = darker(eight, 0.15);
  return [tuple[0], tuple[1], tuple[2], tuple[3], tuple[4], tuple[5], tuple[6], tuple[7], eight, nine];
}

/** Mantine's own colours (red, orange, green...) with their text shades made readable, as the theme uses them. */
const readableDefaults: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([color, tuple]) => [color, readablePalette(tuple)]),
);

export function mantineTheme(name: ThemeName): MantineThemeOverride {
  return createTheme({
    primaryColor: name,
    primaryShade: { light: 8, dark: 6 },
    colors: { ...readableDefaults, [name]: readablePalette(palettes[name]) },
    autoContrast: true,
    // Black text on a filled colour from this luminance up, white below: either reads at 4.5:1 or more.
    luminanceThreshold: 0.179,
    respectReducedMotion: true,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif',
    breakpoints: { xs: '31.25em', sm: '48em', md: '62em', lg: '64.0625em', xl: '88em' },
    defaultRadius: 'sm',
    components: {
      // A table that scrolls sideways on a narrow screen takes the keyboard's focus, so arrow keys scroll it
      // (WCAG 2.1.1; axe: scrollable-region-focusable). A plain object: importing the component here would
      // put the Table's code in the login page's bundle.
      TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    },
  });
}

export interface LayoutInfo {
  layout: number;
  theme: ThemeName;
  coinSign: string;
}

export function layoutInfo(layout: number): LayoutInfo {
  return { layout, theme: themeForLayout(layout), coinSign: currencySignForLayout(layout) };
}

/**
 * Mantine's "dimmed" grey is below 4.5:1 on white; a darker grey keeps secondary text readable. So is
 * its placeholder grey (gray.5, 2.07:1; axe found a file input's "Choose files" on the console's News
 * screen): a grey at 4.69:1, still lighter than typed text.
 */
export const PLACEHOLDER_GREY = '#6c757d';
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': PLACEHOLDER_GREY },
  dark: {},
});
