import { statusMessages } from '@moneybox/contract';
import { StatusRefusal } from '../domain/status-refusal.js';
import { OperatorError } from '../services/operator/operator.service.js';

/** A console service's refusal (a status) in the operator's words: the CLI prints it after "Refused:". */
export async function asWords<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof StatusRefusal) throw new OperatorError(typeof err.extra.error === 'string' ? err.extra.error : statusMessages[err.status]);
    throw err;
  }
}
