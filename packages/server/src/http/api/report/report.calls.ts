import { defineCall, serve } from '../../call.js';
import { dailyLog } from '../../../services/report/daily.service.js';
import { shiftLog } from '../../../services/report/shift-log.service.js';
import { transactionReport } from '../../../services/report/transaction.service.js';

/** Transaction report: a boss the whole store, a cashier the rows of their own shifts. */
const transaction = defineCall('/drawer/transaction', { handler: serve(transactionReport) });

/** Shift report: a boss every shift of the store, a cashier their own. */
const shiftLogCall = defineCall('/drawer/shiftLog', { handler: serve(shiftLog) });

/** Daily report: bosses only (the permission matrix). */
const dailyLogCall = defineCall('/drawer/dailyLog', { handler: serve(dailyLog) });

export const reportCalls = [transaction, shiftLogCall, dailyLogCall];
