import { reportDeps } from '../../../services/deps.js';
import { defineCall, serve } from '../../call.js';
import { cashLog } from '../../../services/report/cash-log.service.js';
import { dailyLog } from '../../../services/report/daily.service.js';
import { largePayouts } from '../../../services/report/large-payouts.service.js';
import { shiftLog } from '../../../services/report/shift-log.service.js';
import { transactionReport } from '../../../services/report/transaction.service.js';

// The spec's report calls, in its Drawer group (/drawer/*) as their paths say; their services are services/report/.
// Reports read the report replica when one is set and within its lag bound (REPLICA_DATABASE_URL):
// the envelope checked the session on the primary; the report's own reads go to `reportDeps`' handle.

/** Transaction report: a boss the whole store, a cashier the rows of their own shifts. */
const transaction = defineCall('/drawer/transaction', { handler: serve(transactionReport, reportDeps) });

/** Shift report: a boss every shift of the store, a cashier their own. */
const shiftLogCall = defineCall('/drawer/shiftLog', { handler: serve(shiftLog, reportDeps) });

/** Daily report: bosses only (the permission matrix). */
const dailyLogCall = defineCall('/drawer/dailyLog', { handler: serve(dailyLog, reportDeps) });

/** Large payouts (issue 24): bosses only (the permission matrix). */
const largePayoutsCall = defineCall('/drawer/largePayouts', { handler: serve(largePayouts, reportDeps) });

/** The cash transaction log (issue 40): bosses only (the permission matrix). */
const cashLogCall = defineCall('/drawer/cashLog', { handler: serve(cashLog, reportDeps) });

export const reportCalls = [transaction, shiftLogCall, dailyLogCall, largePayoutsCall, cashLogCall];
