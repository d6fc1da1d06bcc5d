// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { humanSize } from './human-size';

describe('humanSize', () => {
  it('reads bytes as people do, in the UI language', () => {
    expect(humanSize(900)).toBe('900 B');
    expect(humanSize(1536)).toBe('1.5 KB');
    expect(humanSize(250 * 1024)).toBe('250 KB');
    expect(humanSize(3.25 * 1024 * 1024)).toBe('3.3 MB');
    expect(humanSize(1536, 'es-MX')).toBe('1.5 KB');
    expect(humanSize(3.25 * 1024 * 1024, 'de')).toBe('3,3 MB');
  });
});
