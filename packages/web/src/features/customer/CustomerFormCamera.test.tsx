import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { virginiaLicence } from '../../test/aamva';
import { cameraGone, fakeCamera, fakeDetector, giveCamera, playingVideo } from '../../test/camera';
import { fieldValue, openSignUpForm } from '../../test/customer-form';

beforeEach(playingVideo);
afterEach(cameraGone);

describe("a licence's barcode read by the camera into the sign-up form", () => {
  it('reads PDF417 only, says a QR code is no ID, then fills the fields from the licence; the camera stops and nothing is sent', async () => {
    const camera = fakeCamera();
    giveCamera(async () => camera.stream);
    const detector = fakeDetector([[], ['moneybox:mobile_id=10010002;pin=111111'], [virginiaLicence()]]);
    const calls = await openSignUpForm();
    fireEvent.click(screen.getByRole('button', { name: 'Scan ID with camera' }));
    expect(await screen.findByRole('dialog', { name: "Scan the customer's ID" })).toBeInTheDocument();
    expect(await screen.findByTestId('camera-scan-not-card')).toHaveTextContent("That code is not an ID's barcode.");
    expect(await screen.findByTestId('customer-form-scanned')).toHaveTextContent('Filled from the scanned ID: name, birthday, ID number and address.');
    expect(detector.formats).toEqual([['pdf417']]);
    expect(camera.stopped()).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "Scan the customer's ID" })).toBeNull());
    expect(fieldValue('first_name')).toBe('ANA');
    expect(fieldValue('last_name')).toBe('RIVERA');
    expect(fieldValue('birthday')).toBe('1990-08-14');
    expect(fieldValue('drivers_license')).toBe('T16700185');
    expect(fieldValue('address')).toBe('1200 MAIN ST, RICHMOND, VA 23219');
    expect(calls.filter((c) => c.path === '/customer/create')).toEqual([]);
  });

  it("refuses a minor's licence by the store's minimum age as a scanner's is, filling nothing", async () => {
    giveCamera(async () => fakeCamera().stream);
    fakeDetector([[virginiaLicence({ DBB: '12032015' })]]);
    await openSignUpForm();
    fireEvent.click(screen.getByRole('button', { name: 'Scan ID with camera' }));
    expect(await screen.findByTestId('customer-form-scan-problem')).toHaveTextContent("The ID's holder is under 21 years old, this store's minimum age: refused.");
    expect(fieldValue('first_name')).toBe('');
    expect(fieldValue('drivers_license')).toBe('');
  });
});
