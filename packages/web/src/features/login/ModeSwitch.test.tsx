import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ModeSwitch } from './ModeSwitch';

function Switch({ changes }: { changes: string[] }) {
  const [mode, setMode] = useState<'pos' | 'viewer'>('pos');
  return (
    <ModeSwitch
      value={mode}
      onChange={(m) => {
        changes.push(m);
        setMode(m);
      }}
      label="Login mode"
      options={[
        { value: 'pos', label: 'Cashier (drawer)' },
        { value: 'viewer', label: 'Viewer (boss)' },
      ]}
      testId="login-mode"
    />
  );
}

describe('the login mode switch', () => {
  it('is a named radiogroup whose click and arrow keys change the mode, the checked option exposed', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    render(<Switch changes={changes} />);
    const group = screen.getByRole('radiogroup', { name: 'Login mode' });
    expect(group).toBe(screen.getByTestId('login-mode'));
    const pos = screen.getByRole('radio', { name: 'Cashier (drawer)' });
    const viewer = screen.getByRole('radio', { name: 'Viewer (boss)' });
    expect(screen.getByRole('radio', { checked: true })).toBe(pos);

    await user.click(screen.getByText('Viewer (boss)'));
    expect(screen.getByRole('radio', { checked: true })).toBe(viewer);
    expect(viewer).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { checked: true })).toBe(pos);
    expect(pos).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { checked: true })).toBe(viewer);
    expect(changes).toEqual(['viewer', 'pos', 'viewer']);
    // One tab stop for the group, as for SegmentedControl: the unchecked option is reached by arrows only.
    expect(pos.getAttribute('name')).toBe(viewer.getAttribute('name'));
  });
});
