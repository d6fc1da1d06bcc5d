import { Status } from '@moneybox/contract';
import { RefusalReason } from '@moneybox/contract/refusal-reasons';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { customerRecord } from '../../test/customers';
import { fakeServer } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
import { ProtectDialog } from './ProtectDialog';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the self-exclusion dialog (issue 37)', () => {
  it.each([
    ['en', 'An exclusion can be lengthened, not shortened, until it ends on 2027-05-01. Choose a period that ends later.'],
    ['mx', 'Una autoexclusión se puede alargar, no acortar, hasta que termine el 2027-05-01. Elige un periodo que termine después.'],
    ['zh_Hans', '自我排除只能延长，不能缩短，直至 2027-05-01 结束。请选择更晚结束的期限。'],
  ])('in %s, a shorter exclusion refused says why in the dialog (the running one\'s end, a store date), not "Customer error"', async (lang, words) => {
    fakeServer({
      '/config/localtime': () => ({ status: 0, diff: 0 }),
      '/customer/protect': () => ({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED, protection: 'exclusion', until: '2027-05-01T12:00:00.000Z', error: 'Customer error' }),
    });
    await i18n.changeLanguage(lang);
    const onDone = vi.fn();
    await renderRoutes([{ path: '/', element: <ProtectDialog customer={customerRecord({ id: 3 })} onClose={() => {}} onDone={onDone} /> }], '/');
    fireEvent.click(await screen.findByTestId('protect-confirm', {}, { timeout: 5000 }));
    expect((await screen.findByTestId('protect-refused', {}, { timeout: 5000 })).textContent).toBe(words);
    expect(onDone).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toContain('Customer error');
  });
});
