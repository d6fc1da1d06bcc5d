import { defineCall, serve } from '../../call.js';
import { activityExport, activityList } from '../../../services/audit/activity.service.js';

const list = defineCall('/audit/list', { handler: serve(activityList) });

const exportCsv = defineCall('/audit/export', { handler: serve(activityExport) });

export const auditCalls = [list, exportCsv];
