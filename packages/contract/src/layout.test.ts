import { describe, expect, it } from 'vitest';
import { currencySignForLayout, layoutForHost, themeForLayout } from './layout.js';

describe('layout rules of spec section 1', () => {
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
    ['1', 'bluegreen'],
    [null, 'bluegreen'],
    [undefined, 'bluegreen'],
  ])('layout %j uses theme %s', (layout, theme) => {
    expect(themeForLayout(layout)).toBe(theme);
  });

  it('uses the colon sign for layout 2 only', () => {
    expect(currencySignForLayout(2)).toBe('₡');
    for (const l of [0, 1, 3, 4, 5, 6, 99, '2', undefined]) expect(currencySignForLayout(l)).toBe('$');
  });

  it('finds the host in the domain map, with or without the port, and defaults to 0', () => {
    const map = { 'pos.example.com': 4, 'localhost:8080': 2, 'shop.test': 1, 'bad.test': '3', 'frac.test': 1.5 };
    expect(layoutForHost(map, 'pos.example.com')).toBe(4);
    expect(layoutForHost(map, 'localhost:8080')).toBe(2);
    expect(layoutForHost(map, 'shop.test:5173')).toBe(1);
    expect(layoutForHost(map, 'unknown.test')).toBe(0);
    expect(layoutForHost(map, 'bad.test')).toBe(0);
    expect(layoutForHost(map, 'frac.test')).toBe(0);
    expect(layoutForHost(null, 'pos.example.com')).toBe(0);
    expect(layoutForHost(undefined, 'pos.example.com')).toBe(0);
  });
});
