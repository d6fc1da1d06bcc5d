import { act, defineCall } from '../../call.js';
import { consoleEnrol, consoleLogin, consoleLogout, consoleMe, consoleSecondFactor } from '../../../services/console/console-login.service.js';
import { consoleStoreDetail, listConsoleStores } from '../../../services/console/stores.service.js';
import { consoleCreateBoss, consoleCreateStore, consoleFreezeStore, consoleSetQuota, consoleSetStoreDistributor, consoleUnlockBoss } from '../../../services/console/store-actions.service.js';
import { consoleDailyReport, consoleDayClose, consoleShiftReport, consoleTransactionReport } from '../../../services/console/store-reports.service.js';
import { consoleRemoveStoreHost, consoleSetStoreHost } from '../../../services/console/store-theme.service.js';
import { creditHistory, listDistributors, moveCredit } from '../../../services/console/credit.service.js';
import { acknowledgeAlert, addWebhook, countAlerts, getThresholds, listAlerts, listAudit, listWebhooks, removeWebhook, resolveAlert, setThresholds } from '../../../services/console/alerts.service.js';
import { consoleReport } from '../../../services/console/report.service.js';
import {
  consoleMaintenance,
  createConsoleAnnouncement,
  listConsoleAnnouncements,
  listConsoleNews,
  publishConsoleNews,
  setConsoleMaintenance,
  updateConsoleAnnouncement,
  updateConsoleNews,
  withdrawConsoleAnnouncement,
  withdrawConsoleNews,
} from '../../../services/console/news.service.js';
import { getExclusionSharing, setExclusionSharing } from '../../../services/console/exclusion-sharing.service.js';
import { createAccountFromConsole, listPlatformAccounts, resetSecondFactor, unlockPlatformAccount } from '../../../services/console/platform-accounts.service.js';

/** The platform console's calls (the registry's console part), as every group's: one `defineCall` each. */
export const consoleCalls = [
  defineCall('/operator/login', { handler: (input, ctx) => consoleLogin(ctx.deps, { ip: ctx.ip }, input) }),
  defineCall('/operator/secondFactor', { handler: (input, ctx) => consoleSecondFactor(ctx.deps, { ip: ctx.ip }, input) }),
  defineCall('/operator/enrol', { handler: (input, ctx) => consoleEnrol(ctx.deps, { ip: ctx.ip }, input) }),
  defineCall('/operator/me', { handler: act(consoleMe) }),
  defineCall('/operator/logout', { handler: act(consoleLogout) }),
  defineCall('/operator/stores', { handler: act(listConsoleStores) }),
  defineCall('/operator/store', { handler: act(consoleStoreDetail) }),
  defineCall('/operator/storeFreeze', { handler: act(consoleFreezeStore) }),
  defineCall('/operator/bossCreate', { handler: act(consoleCreateBoss) }),
  defineCall('/operator/bossUnlock', { handler: act(consoleUnlockBoss) }),
  defineCall('/operator/storeHost', { handler: act(consoleSetStoreHost) }),
  defineCall('/operator/storeHostRemove', { handler: act(consoleRemoveStoreHost) }),
  defineCall('/operator/storeDailyReport', { handler: act(consoleDailyReport) }),
  defineCall('/operator/storeShiftReport', { handler: act(consoleShiftReport) }),
  defineCall('/operator/storeTransactionReport', { handler: act(consoleTransactionReport) }),
  defineCall('/operator/storeDayClose', { handler: act(consoleDayClose) }),
  defineCall('/operator/storeCreate', { handler: act(consoleCreateStore) }),
  defineCall('/operator/storeQuota', { handler: act(consoleSetQuota) }),
  defineCall('/operator/storeDistributor', { handler: act(consoleSetStoreDistributor) }),
  defineCall('/operator/accounts', { handler: act(listPlatformAccounts) }),
  defineCall('/operator/accountCreate', { handler: act(createAccountFromConsole) }),
  defineCall('/operator/accountUnlock', { handler: act(unlockPlatformAccount) }),
  defineCall('/operator/accountResetFactor', { handler: act(resetSecondFactor) }),
  defineCall('/operator/distributors', { handler: act(listDistributors) }),
  defineCall('/operator/creditHistory', { handler: act(creditHistory) }),
  defineCall('/operator/creditMove', { handler: act(moveCredit) }),
  defineCall('/operator/alerts', { handler: act(listAlerts) }),
  defineCall('/operator/alertCount', { handler: act(countAlerts) }),
  defineCall('/operator/alertAcknowledge', { handler: act(acknowledgeAlert) }),
  defineCall('/operator/alertResolve', { handler: act(resolveAlert) }),
  defineCall('/operator/thresholds', { handler: act(getThresholds) }),
  defineCall('/operator/thresholdsSet', { handler: act(setThresholds) }),
  defineCall('/operator/exclusionSharing', { handler: act(getExclusionSharing) }),
  defineCall('/operator/exclusionSharingSet', { handler: act(setExclusionSharing) }),
  defineCall('/operator/webhooks', { handler: act(listWebhooks) }),
  defineCall('/operator/webhookAdd', { handler: act(addWebhook) }),
  defineCall('/operator/webhookRemove', { handler: act(removeWebhook) }),
  defineCall('/operator/audit', { handler: act(listAudit) }),
  defineCall('/operator/report', { handler: act(consoleReport) }),
  defineCall('/operator/news', { handler: act(listConsoleNews) }),
  defineCall('/operator/newsPublish', { handler: act(publishConsoleNews) }),
  defineCall('/operator/newsUpdate', { handler: act(updateConsoleNews) }),
  defineCall('/operator/newsWithdraw', { handler: act(withdrawConsoleNews) }),
  defineCall('/operator/announcements', { handler: act(listConsoleAnnouncements) }),
  defineCall('/operator/announcementCreate', { handler: act(createConsoleAnnouncement) }),
  defineCall('/operator/announcementUpdate', { handler: act(updateConsoleAnnouncement) }),
  defineCall('/operator/announcementWithdraw', { handler: act(withdrawConsoleAnnouncement) }),
  defineCall('/operator/maintenance', { handler: act(consoleMaintenance) }),
  defineCall('/operator/maintenanceSet', { handler: act(setConsoleMaintenance) }),
] as const;
