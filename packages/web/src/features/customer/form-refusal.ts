import { RefusalReason } from '@moneybox/contract/refusal-reasons';
import { Status } from '@moneybox/contract/status';
import type { Reply } from '../../api/transport';

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * Why the server refused a customer's registration or edit, for the boss and the cashier: a
 * self-excluded person's ID number (17 'protected' with `excluded`), the birthday the store's
 * minimum age needs, or a customer too young (13 with `min_age`). Null: the status's own message.
 */
export function customerFormRefusal(reply: Reply, t: T, date: (iso: string) => string): string | null {
  if (reply.status === Status.CUSTOMER_ERROR && reply.reason === RefusalReason.PROTECTED && (reply.excluded === 'person' || reply.excluded === 'id_change')) {
    const until = typeof reply.until === 'string' ? t('customer:form.excludedUntil', { date: date(reply.until) }) : t('customer:form.excludedPermanent');
    return t(reply.excluded === 'person' ? 'customer:form.excludedPerson' : 'customer:form.excludedIdChange', { until });
  }
  if (reply.status === Status.INPUT_ERROR && typeof reply.min_age === 'number') {
    return t(reply.reason === RefusalReason.BIRTHDAY ? 'customer:form.birthdayRequired' : 'customer:form.tooYoung', { count: reply.min_age });
  }
  return null;
}
