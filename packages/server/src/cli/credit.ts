import { randomUUID } from 'node:crypto';
import { formatCents, type Cents } from '@moneybox/contract';
import type { Db } from '../db/database.js';
import { PLATFORM_OPERATOR } from '../domain/console-actor.js';
import { OperatorError } from '../services/operator/operator.service.js';
import { listDistributors, moveCredit } from '../services/console/credit.service.js';
import { asWords } from './words.js';

/**
 * `npm run admin -- give-credit | take-back-credit | distributors`: credit down the platform hierarchy
 * from the command line, through the console's own service (services/console/credit.service.ts) as
 * the platform's operator (PLATFORM_OPERATOR, an admin): the same edges, checks, idempotency, ledger
 * rows and audit rows as `/operator/creditMove`. This file only reads arguments and prints.
 */
export const CREDIT_HELP = `  give-credit   (--distributor <username> | --kiosk <id>) --amount <units> [--note text] [--key <key>]
                (credit down the hierarchy, from the child's parent: the operator to a distributor, a distributor
                to its sub-distributor or to its store; a store without a distributor gets it from the operator)
  take-back-credit (--distributor <username> | --kiosk <id>) --amount <units> [--note text] [--key <key>]
                (credit returned up to the parent; --key makes a retried command move nothing twice)
  distributors                                                   (each distributor's credit, its parent and its stores)`;

export interface CreditMoveArgs {
  kiosk?: number | undefined;
  distributor?: string | undefined;
  amount: Cents;
  back: boolean;
  note?: string | undefined;
  key?: string | undefined;
}

const units = (v: number | null) => formatCents(Math.round((v ?? 0) * 100));

/** The distributor with this username in the list, or the operator's refusal in words. */
export function distributorNamed<D extends { username: string }>(distributors: D[], username: string): D {
  const d = distributors.find((x) => x.username === username);
  if (!d) throw new OperatorError(`no distributor "${username}"`);
  return d;
}

/** One move along one edge; prints the amount and both sides' balances after it (the operator's issuing has none). */
export async function creditMoveCommand(db: Db, args: CreditMoveArgs, out: (s: string) => void): Promise<number> {
  if ((args.kiosk === undefined) === (args.distributor === undefined)) throw new OperatorError('name a store (--kiosk) or a distributor (--distributor), one of them');
  if (args.key !== undefined && !/^[A-Za-z0-9_-]{8,100}$/.test(args.key)) throw new OperatorError('--key must be 8-100 letters, digits, "-" or "_"');
  const deps = { handle: { db } };
  const distributors = (await listDistributors(deps, PLATFORM_OPERATOR)).list;
  let child: { kid: number } | { distributor_id: number };
  let childName: string;
  let parentName: string;
  if (args.distributor !== undefined) {
    const d = distributorNamed(distributors, args.distributor);
    child = { distributor_id: d.id };
    childName = `distributor "${d.username}"`;
    parentName = d.parent === null ? 'the operator' : `distributor "${d.parent}"`;
  } else {
    const owner = distributors.find((x) => x.stores.includes(args.kiosk!));
    child = { kid: args.kiosk! };
    childName = `kiosk ${args.kiosk}`;
    parentName = owner ? `distributor "${owner.username}"` : 'the operator';
  }
  const r = await asWords(() =>
    moveCredit(deps, PLATFORM_OPERATOR, { key: args.key ?? randomUUID(), ...child, fund: 'credit', amount: args.amount, back: args.back, note: args.note }),
  );
  const moved = args.back ? `Took back ${formatCents(args.amount)} credit from ${childName} to ${parentName}` : `Gave ${formatCents(args.amount)} credit to ${childName} from ${parentName}`;
  const parentSide = r.parent_balance === null ? '' : `, ${parentName} holds ${units(r.parent_balance)}`;
  out(`${moved} (move ${r.id}): ${childName} holds ${units(r.child_balance)}${parentSide}.`);
  return 0;
}

/** Every distributor with its credit on hand, its parent and its stores. */
export async function distributorsCommand(db: Db, out: (s: string) => void): Promise<number> {
  const { list } = await listDistributors({ handle: { db } }, PLATFORM_OPERATOR);
  for (const d of list) out(`${d.username}  credit ${units(d.credit)}  parent ${d.parent ?? 'operator'}  stores ${d.stores.join(', ') || '-'}`);
  out(`${list.length} distributor${list.length === 1 ? '' : 's'}.`);
  return 0;
}
