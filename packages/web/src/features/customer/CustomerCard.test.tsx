import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { customerRecord } from '../../test/customers';
import { CustomerCard } from './CustomerCard';

const card = (protection: Parameters<typeof customerRecord>[0]['protection']) => (
  <CustomerCard customer={customerRecord({ id: 7, first_name: 'Ann', last_name: 'Lee', protection })} blocked={false} limits={undefined} paused={false} actions={null} />
);

describe('customer card: protection', () => {
  it("shows an exclusion shared by another store of the operator as such, and the store's own without that note", async () => {
    await renderRoutes([{ path: '/', element: card({ kind: 'exclusion', since: '2026-01-01T00:00:00.000Z', until: null, shared: true }) }], '/');
    expect(await screen.findByTestId('customer-protection', {}, { timeout: 8000 })).toHaveTextContent('Self-excluded permanently');
    expect(screen.getByTestId('customer-protection-shared')).toHaveTextContent('From another store of this operator');
  });

  it('has no shared note for the store\'s own exclusion', async () => {
    await renderRoutes([{ path: '/', element: card({ kind: 'exclusion', since: '2026-01-01T00:00:00.000Z', until: null, shared: false }) }], '/');
    expect(await screen.findByTestId('customer-protection', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('customer-protection-shared')).toBeNull();
  });
});
