import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { virginiaLicence } from '../../test/aamva';
import { scannerClock, typist, wedgeKeys } from '../../test/scanner';
import { fieldValue, openSignUpForm } from '../../test/customer-form';

let restore: () => void;
beforeEach(() => {
  restore = scannerClock();
  vi.setSystemTime(new Date('2026-12-02T15:00:00Z'));
});
afterEach(() => restore());



async function scan(code: string, into: string) {
  const user = typist(4);
  await user.click(screen.getByTestId(`field-${into}`));
  await user.keyboard(wedgeKeys(code));
  await act(async () => {
    vi.advanceTimersByTime(500);
  });
}

describe('a licence scanned into the sign-up form', () => {
  it('fills the name, birthday, ID number and address, keeps the field it was typed into, and sends nothing', async () => {
    const calls = await openSignUpForm();
    await typist(120).type(screen.getByTestId('field-phone'), '5551234');
    await scan(virginiaLicence(), 'phone');
    expect(await screen.findByTestId('customer-form-scanned')).toHaveTextContent('Filled from the scanned ID: name, birthday, ID number and address.');
    expect(fieldValue('address')).toBe('1200 MAIN ST, RICHMOND, VA 23219');
    expect(fieldValue('first_name')).toBe('ANA');
    expect(fieldValue('last_name')).toBe('RIVERA');
    expect(fieldValue('birthday')).toBe('1990-08-14');
    expect(fieldValue('drivers_license')).toBe('T16700185');
    expect(fieldValue('phone')).toBe('5551234');
    expect(calls.filter((c) => c.path === '/customer/create')).toEqual([]);
  });

  it('refuses a minor (the store minimum 21), an expired ID and a corrupt barcode, filling nothing', async () => {
    await openSignUpForm();
    await scan(virginiaLicence({ DBB: '12032005' }), 'first_name');
    expect(await screen.findByTestId('customer-form-scan-problem')).toHaveTextContent("The ID's holder is under 21 years old, this store's minimum age: refused.");
    expect(fieldValue('first_name')).toBe('');
    expect(fieldValue('drivers_license')).toBe('');

    await scan(virginiaLicence({ DBA: '11302026' }), 'first_name');
    expect(screen.getByTestId('customer-form-scan-problem')).toHaveTextContent('This ID expired on 2026-11-30: it cannot be used.');
    expect(fieldValue('first_name')).toBe('');

    await scan(virginiaLicence().slice(0, 60), 'first_name');
    expect(screen.getByTestId('customer-form-scan-problem')).toHaveTextContent("The ID's barcode could not be read: scan it again, or type the details.");
    expect(fieldValue('first_name')).toBe('');
  });
});
