import { Status } from '@moneybox/contract';
import { isoAgo, isoNow } from '../../clock.js';
import { RateLimited } from '../../domain/rate-limited.js';
import { StatusRefusal } from '../../domain/status-refusal.js';
import { nameProbeRepository } from '../../repositories/name-probe.repository.js';
import type { Deps } from '../deps.js';

const HOUR_MS = 60 * 60 * 1000;

/** Who tries names: a console account or a store's boss, each counted on its own. */
export type Prober = { kind: 'console' | 'account'; id: number };

const TOO_MANY = 'Too many usernames already in use were tried; wait and try again';

const isNameRefusal = (err: unknown) => err instanceof StatusRefusal && err.status === Status.ACCOUNT_NAME_REPEATED;

/**
 * THE bound on staff names as an oracle (docs/DECISIONS.md "Staff usernames are platform-wide"): a name
 * in use anywhere is refused (22, whoever holds it), so each refusal tells a prober that the name
 * exists. A prober gets at most `nameProbeLimit` such refusals per hour, counted in the database
 * across servers; past it `create` is not run at all (511 with status 34), so the answer no longer
 * depends on the name. The probe is reserved before the name is checked, as a login try is
 * (password-tries.ts), so a burst on any number of servers checks no more names than allowed; a call
 * that ends otherwise (created, or refused before its name) gives the reservation back. Each refused
 * name, and each call refused by the limit, is audited by `audit` (on `deps`' database: the refused
 * change rolled its own transaction back).
 */
export async function checkingName<T>(
  deps: Pick<Deps, 'handle' | 'settings'>,
  prober: Prober,
  audit: (overLimit: boolean) => Promise<void>,
  create: () => Promise<T>,
): Promise<T> {
  const { db } = deps.handle;
  const key = `${prober.kind}:${prober.id}`;
  const probe = await nameProbeRepository.reserve(db, key, isoNow());
  let refused = false;
  try {
    if ((await nameProbeRepository.countSince(db, key, isoAgo(HOUR_MS))) > deps.settings.nameProbeLimit) {
      await audit(true);
      throw new RateLimited(HOUR_MS, TOO_MANY);
    }
    return await create();
  } catch (err) {
    refused = isNameRefusal(err);
    if (refused) await audit(false);
    throw err;
  } finally {
    if (!refused) await nameProbeRepository.release(db, probe);
  }
}
