import { Badge } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { ConsoleCard } from './ConsoleCard';

describe("the console's card frame", () => {
  it('shows its section title as a level-2 heading, the badge beside it and the hint under it, then its content', async () => {
    await renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <ConsoleCard title="Maintenance" badge={<Badge data-testid="state">On</Badge>} hint="Stores show the message." testId="framed">
                <p>content</p>
              </ConsoleCard>
              <ConsoleCard title="Details" testId="plain">
                <p>rows</p>
              </ConsoleCard>
            </>
          ),
        },
      ],
      '/',
    );
    const framed = await screen.findByTestId('framed');
    expect(within(framed).getByRole('heading', { level: 2 }).textContent).toBe('Maintenance');
    expect(within(framed).getByTestId('state').textContent).toBe('On');
    expect(framed.textContent).toBe('MaintenanceOnStores show the message.content');
    const plain = screen.getByTestId('plain');
    expect(within(plain).getByRole('heading', { level: 2 }).textContent).toBe('Details');
    expect(plain.textContent).toBe('Detailsrows');
  });
});
