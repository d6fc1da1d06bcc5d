import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OneTimeKey } from '../../api/one-time-key';
import { buildAamva, virginiaLicence } from '../../test/aamva';
import { customerRecord } from '../../test/customers';
import { fakeServer } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
import { scannerClock, typist, wedgeKeys } from '../../test/scanner';
import { MoneyDialog } from './MoneyDialog';

let restore: () => void;
beforeEach(() => {
  restore = scannerClock();
  vi.setSystemTime(new Date('2026-12-02T15:00:00Z'));
});
afterEach(() => restore());

const ana = customerRecord({ id: 1, first_name: 'Ana', last_name: 'Rivera', birthday: '1990-08-14', drivers_license: 'T16700185', winnings: 500 });

async function redeem150() {
  const keys = new OneTimeKey({ fetchKey: async () => 'key-1', isKeyRefused: () => false });
  const sent: Array<Record<string, unknown>> = [];
  fakeServer({
    '/customer/redeem': (body) => {
      sent.push(body);
      return { status: 17, reason: 'id_check', id_check: 'mismatch', above: 100, paid_today: 0 };
    },
  });
  await renderRoutes([{ path: '/', element: <MoneyDialog kind="redeem" customer={ana} blocked={false} revertable={null} purchaseLeft={null} idCheck={100} keys={keys} onClose={() => {}} /> }], '/');
  const amount = await screen.findByTestId('money-amount', {}, { timeout: 8000 });
  await typist(120).type(amount, '150');
  await screen.findByTestId('money-id-check');
  return { amount, sent };
}

async function scanInto(el: HTMLElement, code: string) {
  const user = typist(4);
  await user.click(el);
  await user.keyboard(wedgeKeys(code));
  await act(async () => {
    vi.advanceTimersByTime(500);
  });
}

describe('an ID-checked payout with a scanned licence', () => {
  it('the scan fills the ID number and type, the amount it was typed into is kept, nothing is sent until Enter; the server checks the number', async () => {
    const { amount, sent } = await redeem150();
    await scanInto(amount, virginiaLicence());
    expect(screen.getByTestId('money-id-number')).toHaveValue('T16700185');
    expect(screen.getByTestId('money-id-scanned')).toHaveTextContent('It must match the one on record.');
    expect(amount).toHaveValue('150');
    expect(sent).toEqual([]);
    await typist(120).type(amount, '{Enter}');
    await vi.waitFor(() => expect(sent).toEqual([expect.objectContaining({ id: 1, amount: 150, id_type: 'drivers_license', id_number: 'T16700185' })]));
  });

  it('an ID card is a state ID; an expired one and an unreadable barcode are refused and fill nothing', async () => {
    const { amount } = await redeem150();
    await scanInto(amount, virginiaLicence({ DBA: '11302026' }));
    expect(screen.getByTestId('money-id-scan-problem')).toHaveTextContent('This ID expired on 2026-11-30');
    expect(screen.getByTestId('money-id-number')).toHaveValue('');
    await scanInto(screen.getByTestId('money-id-number'), virginiaLicence().slice(0, 50));
    expect(screen.getByTestId('money-id-scan-problem')).toHaveTextContent("The ID's barcode could not be read");
    expect(screen.getByTestId('money-id-number')).toHaveValue('');
    const card = buildAamva({ iin: '636015', version: 9, document: 'ID', elements: [['DAQ', '41234567'], ['DCS', 'RIVERA'], ['DAC', 'ANA'], ['DBB', '08141990'], ['DBA', '08142030'], ['DCG', 'USA']] });
    await scanInto(screen.getByTestId('money-id-number'), card);
    expect(screen.getByTestId('money-id-number')).toHaveValue('41234567');
    expect(screen.getByTestId('money-id-type')).toHaveValue('State ID');
    expect(screen.queryByTestId('money-id-scan-problem')).toBeNull();
  });
});
