import { Status } from '@moneybox/contract/status';
import type { Reply } from './transport';

/** How the app reacts to a failed reply (spec section 8). */
export type Failure =
  | { kind: 'session'; status: typeof Status.SESSION_REPLACED }
  | { kind: 'page-gone'; status: typeof Status.PAGE_GONE }
  /** `reason`: the reply's machine reason, worded by the `status:reasons` catalogue when it has the reason. */
  | {
      kind: 'message';
      status: number;
      detail?: string | number;
      reason?: string;
      /** 13 on an input the contract refused: the field's path (`target.kids`) and zod's issue code (`too_small`), for the page to name the field. */
      field?: string;
      issue?: string;
      /** 21 on stores the caller named outside its scope: their kiosk ids (the ones it sent). */
      kids?: number[];
    }
  | { kind: 'maintenance' };

/**
 * Classifies a reply; null means success. Pure, so it is tested on its own. The reply's `error` (the
 * server's own English words) is no part of it: the user reads the catalogue's message in their language.
 */
export function classify(reply: Reply): Failure | null {
  const { status } = reply;
  if (status === Status.OK) return null;
  if (typeof status !== 'number') return { kind: 'maintenance' };
  if (status === Status.SESSION_REPLACED) return { kind: 'session', status };
  if (status === Status.PAGE_GONE) return { kind: 'page-gone', status };
  const named = reply.reason;
  const reason = typeof named === 'string' ? { reason: named } : {};
  if (status === Status.IMPROPER_PERIOD) return { kind: 'message', status, detail: asDetail(reply.limit_day), ...reason };
  if (status === Status.WRONG_PASSWORD) return { kind: 'message', status, detail: asDetail(reply.try_times), ...reason };
  if (status === Status.STORE_FROZEN) return { kind: 'message', status, detail: asDetail(reply.freeze_msg), ...reason };
  // Under blind count the server sends the cashier to the boss instead of naming the drawer's cash.
  if (status === Status.DRAWER_BALANCE_ERROR && reply.call_boss === true) return { kind: 'message', status, detail: CALL_BOSS, ...reason };
  if (status === Status.INPUT_ERROR && typeof reply.field === 'string') return { kind: 'message', status, field: reply.field, ...(typeof reply.issue === 'string' && { issue: reply.issue }), ...reason };
  if (status === Status.PERMISSION_ERROR && Array.isArray(reply.kids) && reply.kids.length > 0 && reply.kids.every((k) => typeof k === 'number')) return { kind: 'message', status, kids: reply.kids as number[], ...reason };
  return { kind: 'message', status, ...reason };
}

const CALL_BOSS = 'call_boss';

function asDetail(v: unknown): string | number | undefined {
  return typeof v === 'string' || typeof v === 'number' ? v : undefined;
}

/**
 * Which failures a call leaves to the spec's global handling (message box, back to login, ...):
 * `true` all; `'inline'` all but business refusals, which the caller shows in place (a lost session,
 * a gone page and maintenance still go the spec's way); `'quiet'` only a lost session (polled reads,
 * whose errors show on the page instead of a message box every few seconds); `false` none.
 */
export type HandleMode = boolean | 'inline' | 'quiet';

export function handledGlobally(f: Failure, mode: HandleMode): boolean {
  if (mode === 'inline') return f.kind !== 'message';
  if (mode === 'quiet') return f.kind === 'session';
  return mode;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text shown for a failure, in the user's language: the status's message, and the text of the reason
 * the reply names when the `status:reasons` catalogue words it (a reason a feature words itself, as the
 * customer's money refusals, is not catalogued there). `maintenanceMsg` is what /config/maintain
 * answered (empty when none), used only when the reply carried no status.
 */
export function failureMessage(f: Failure, t: T, maintenanceMsg = ''): string {
  switch (f.kind) {
    case 'maintenance':
      return maintenanceMsg.trim() ? maintenanceMsg : t('common:error');
    case 'session':
    case 'page-gone':
      return t(`status:${f.status}`);
    case 'message': {
      const base = t(`status:${f.status}`, { defaultValue: t('status:unknown', { code: f.status }) });
      if (f.status === Status.IMPROPER_PERIOD && f.detail !== undefined) return `${base}: ${t('common:days', { count: Number(f.detail) })}`;
      if (f.status === Status.WRONG_PASSWORD && f.detail !== undefined) return `${base}: ${t('common:timesLeft', { count: Number(f.detail) })}`;
      if (f.status === Status.STORE_FROZEN && typeof f.detail === 'string' && f.detail.trim()) return f.detail;
      if (f.status === Status.DRAWER_BALANCE_ERROR && f.detail === CALL_BOSS) return t('status:callBoss');
      if (f.kids) return `${base}: ${t(f.kids.length === 1 ? 'status:notYourStore' : 'status:notYourStores', { kids: f.kids.join(', ') })}`;
      const why = f.reason === undefined ? '' : t(`status:reasons.${f.reason}`, { defaultValue: '' });
      return why ? `${base}: ${why}` : base;
    }
  }
}

/**
 * A console input refusal (13 with `field`) naming the field in the user's words: the
 * `console:inputFields` label of its path (array positions left out, parts joined by `_`: `texts.0.title` → `texts_title`;
 * else the label of its first part), with what is wrong by `issue` (`console:inputRefused`). Null when
 * the field has no label: the status's message then stands alone, never the field's code.
 */
export function inputFieldMessage(f: Failure, t: T): string | null {
  if (f.kind !== 'message' || f.field === undefined) return null;
  const parts = f.field.split('.').filter((p) => !/^\d+$/.test(p));
  const label = [parts.join('_'), parts[0]].map((p) => (p ? t(`console:inputFields.${p}`, { defaultValue: '' }) : '')).find((l) => typeof l === 'string' && l !== '');
  if (!label) return null;
  const why = t(`console:inputRefused.${f.issue ?? 'invalid'}`, { field: label, defaultValue: t('console:inputRefused.invalid', { field: label }) });
  return `${t(`status:${f.status}`)}: ${why}`;
}
