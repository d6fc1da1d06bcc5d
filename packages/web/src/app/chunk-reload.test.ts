import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY, claimChunkReload, isChunkLoadError } from './chunk-reload';

describe('chunk-reload guard', () => {
  it('recognises chunk-loading failures of the browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/HomePage-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads at most once per 60 seconds', () => {
    const t0 = 1_000_000;
    expect(claimChunkReload(sessionStorage, t0)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(t0));
    expect(claimChunkReload(sessionStorage, t0 + 1)).toBe(false);
    expect(claimChunkReload(sessionStorage, t0 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(claimChunkReload(sessionStorage, t0 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
  });

  it('never reloads when the guard cannot be stored', () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(claimChunkReload(broken)).toBe(false);
  });
});
