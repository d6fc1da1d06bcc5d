import type { CallInput } from '@moneybox/contract';
import { AUDIT_KINDS } from '@moneybox/contract/audit-kinds';

/** The audit trail's filters as the page holds them: '' is no filter; `from`/`to` are days of the console's (the browser's) calendar. */
export interface AuditFilter {
  kid: string;
  who: string;
  kind: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTER: AuditFilter = { kid: '', who: '', kind: '', from: '', to: '' };

/** The kind groups of the action filter: the part of each audit kind before its dot, once each. */
export const AUDIT_KIND_GROUPS = [...new Set(AUDIT_KINDS.map((k) => k.split('.')[0]!))];
export { AUDIT_KINDS };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The instant a day of the browser's calendar starts (`shift` days later), ISO; null when not a day. */
function dayStart(day: string, shift = 0): string | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + shift);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** 'To' before 'From': the one filter the page refuses before asking. */
export const periodReversed = (f: AuditFilter) => f.from !== '' && f.to !== '' && f.to < f.from;

/** The calls' filters: the store, the account, the action, and the period from the start of 'From' to the end of 'To' (both days included). */
export function auditInput(f: AuditFilter): CallInput<'/operator/auditExport'> {
  const from = dayStart(f.from);
  const to = dayStart(f.to, 1);
  return {
    ...(f.kid !== '' && { kid: Number(f.kid) }),
    ...(f.who.trim() !== '' && { who: f.who.trim() }),
    ...(f.kind !== '' && { kind: f.kind }),
    ...(from !== null && { from }),
    ...(to !== null && { to }),
  };
}
