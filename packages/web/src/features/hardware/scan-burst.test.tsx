import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { virginiaLicence } from '../../test/aamva';
import { scannerClock, typedByWedge, typist, wedgeKeys } from '../../test/scanner';
import { useScanBurst, type Scan } from './scan-burst';

function Page({ scans, submits }: { scans: Scan[]; submits: string[] }) {
  const [value, setValue] = useState('');
  useScanBurst((s) => scans.push(s));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submits.push(value);
      }}
    >
      <input data-testid="box" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
    </form>
  );
}

let restore: () => void;
beforeEach(() => {
  restore = scannerClock();
});
afterEach(() => restore());

async function settle() {
  await act(async () => {
    vi.advanceTimersByTime(500);
  });
}

describe('scan bursts', () => {
  it('a card typed at scanner speed is a scan: its Enter does not submit, the text and the field before it are handed over', async () => {
    const scans: Scan[] = [];
    const submits: string[] = [];
    render(<Page scans={scans} submits={submits} />);
    const box = screen.getByTestId('box');
    const user = typist(5);
    await user.type(box, 'ab');
    await settle();
    await user.keyboard(wedgeKeys('moneybox:mobile_id=10010001;pin=123456'));
    await settle();
    expect(scans).toHaveLength(1);
    expect(scans[0]).toMatchObject({ text: 'moneybox:mobile_id=10010001;pin=123456', target: box, before: 'ab' });
    expect(submits).toEqual([]);
  });

  it('a licence barcode with its many line breaks is one scan', async () => {
    const scans: Scan[] = [];
    const submits: string[] = [];
    render(<Page scans={scans} submits={submits} />);
    const user = typist(3);
    await user.click(screen.getByTestId('box'));
    await user.keyboard(wedgeKeys(virginiaLicence()));
    await settle();
    expect(scans).toHaveLength(1);
    expect(scans[0]!.text).toBe(typedByWedge(virginiaLicence()).replace(/\n+$/, ''));
    expect(submits).toEqual([]);
  });

  it('the same text typed at human speed is typing: Enter submits, no scan', async () => {
    const scans: Scan[] = [];
    const submits: string[] = [];
    render(<Page scans={scans} submits={submits} />);
    const user = typist(120);
    await user.type(screen.getByTestId('box'), '10010001{Enter}');
    await settle();
    expect(scans).toEqual([]);
    expect(submits).toEqual(['10010001']);
  });

  it('a short fast run (a double key) then Enter is not a scan', async () => {
    const scans: Scan[] = [];
    const submits: string[] = [];
    render(<Page scans={scans} submits={submits} />);
    const user = typist(5);
    await user.type(screen.getByTestId('box'), '12{Enter}');
    await settle();
    expect(scans).toEqual([]);
    expect(submits).toEqual(['12']);
  });
});
