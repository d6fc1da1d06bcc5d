/** Colour themes and the layout → theme rule of spec section 1. */
export const themes = ['bluegreen', 'orangered', 'green', 'purple'] as const;
export type ThemeName = (typeof themes)[number];

export function themeForLayout(layout: unknown): ThemeName {
  switch (layout) {
    case 1:
      return 'orangered';
    case 2:
    case 5:
      return 'green';
    case 4:
      return 'purple';
    default:
      return 'bluegreen';
  }
}

/** The colon sign (₡) for layout 2, "$" otherwise. */
export function currencySignForLayout(layout: unknown): string {
  return layout === 2 ? '₡' : '$';
}

/** Layout of a host from the domain map; 0 when the host has no entry. */
export function layoutForHost(map: Record<string, unknown> | null | undefined, host: string): number {
  const v = map?.[host] ?? map?.[host.split(':')[0] ?? ''];
  return typeof v === 'number' && Number.isInteger(v) ? v : 0;
}
