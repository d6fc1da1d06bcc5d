// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readMachineName, spacedCode } from './machine-rules';

describe('machine name rule', () => {
  it('accepts whole positive numbers only', () => {
    expect(readMachineName(' 107 ')).toBe(107);
    for (const bad of ['', 'abc', '12a', '-3', '0', '1.5', '1234567890']) expect(readMachineName(bad), bad).toBeNull();
  });
  it('spaces the code groups', () => {
    expect(spacedCode('ABCDE-FGHJK')).toBe('ABCDE - FGHJK');
  });
});
