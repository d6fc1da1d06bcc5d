import { Status } from '@moneybox/contract/status';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/call';

/**
 * A console sign-in's refusal in the platform's words (issue 37): the status catalogue speaks to store
 * staff ("contact boss or distributor", "Wrong password"), a platform account is told what holds for
 * it. 41: locked, an admin unlocks it; 42: the password or the code (by the step refused) was wrong,
 * with the tries left. Any other refusal keeps the catalogue's message.
 */
export function consoleLoginError(err: unknown, step: 'password' | 'code', t: TFunction): string {
  if (err instanceof ApiError && err.failure.kind === 'message') {
    if (err.failure.status === Status.ACCOUNT_LOCKED) return t('console:loginRefused.locked');
    if (err.failure.status === Status.WRONG_PASSWORD) {
      // The tries left, as api/failure.ts classify reads them from the reply (its `detail` for 42).
      const left = Number(err.failure.detail);
      const key = step === 'password' ? 'wrongPassword' : 'wrongCode';
      return Number.isFinite(left) ? t(`console:loginRefused.${key}Tries`, { count: left }) : t(`console:loginRefused.${key}`);
    }
  }
  return err instanceof Error ? err.message : String(err);
}
