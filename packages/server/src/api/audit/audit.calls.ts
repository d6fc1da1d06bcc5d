import { auditExportRequest, auditListRequest, auditExportReply, auditListReply } from '@moneybox/contract';
import { defineCall, serve, type CallDef } from '../../http/call.js';
import { activityExport, activityList } from './activity.service.js';

const list = defineCall({ path: '/audit/list', access: 'session', input: auditListRequest, reply: auditListReply, handler: serve(activityList) });

const exportCsv = defineCall({ path: '/audit/export', access: 'session', input: auditExportRequest, reply: auditExportReply, handler: serve(activityExport) });

export const auditCalls: CallDef[] = [list, exportCsv] as CallDef[];
