import { createTheme, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
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

export function mantineTheme(name: ThemeName): MantineThemeOverride {
  return createTheme({
    primaryColor: name,
    primaryShade: { light: 8, dark: 6 },
    colors: { [name]: palettes[name] },
    autoContrast: true,
    respectReducedMotion: true,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif',
    breakpoints: { xs: '31.25em', sm: '48em', md: '62em', lg: '64.0625em', xl: '88em' },
    defaultRadius: 'sm',
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

/** Mantine's "dimmed" grey is below 4.5:1 on white; a darker grey keeps secondary text readable. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
