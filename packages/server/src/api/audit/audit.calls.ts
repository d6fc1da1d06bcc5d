import { defineCall, serve } from '../../http/call.js';
import { activityExport, activityList } from './activity.service.js';

const list = defineCall('/audit/list', { handler: serve(activityList) });

const exportCsv = defineCall('/audit/export', { handler: serve(activityExport) });

export const auditCalls = [list, exportCsv];
