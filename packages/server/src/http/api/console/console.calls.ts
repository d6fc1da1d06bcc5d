import { defineCall, serve } from '../../call.js';
import { consoleEnrol, consoleLogin, consoleLogout, consoleMe, consoleSecondFactor } from '../../../services/console/console-login.service.js';
import { consoleStoreDetail, listConsoleStores } from '../../../services/console/stores.service.js';
import { consoleCreateBoss, consoleCreateStore, consoleFreezeStore, consoleRenameStore, consoleSetBossPassword, consoleSetQuota, consoleSetStoreDistributor, consoleUnlockBoss } from '../../../services/console/store-actions.service.js';
import { getCashThresholds, setCashThresholds } from '../../../services/console/cash-thresholds.service.js';
import { consoleCashLog, consoleDailyReport, consoleDayClose, consoleShiftReport, consoleTransactionReport } from '../../../services/console/store-reports.service.js';
import { consoleRemoveStoreHost, consoleSetStoreHost } from '../../../services/console/store-theme.service.js';
import { creditHistory, listDistributors, moveCredit, moveCreditToStores } from '../../../services/console/credit.service.js';
import { acknowledgeAlert, addWebhook, countAlerts, getThresholds, getUnusualActivity, listAlerts, listWebhooks, removeWebhook, resolveAlert, setThresholds, setUnusualActivity } from '../../../services/console/alerts.service.js';
import { exportAudit, listAudit } from '../../../services/console/audit-trail.service.js';
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
import {
  createAccountFromConsole,
  disablePlatformAccount,
  listPlatformAccounts,
  removePlatformAccount,
  resetSecondFactor,
  setPlatformAccountPassword,
  unlockPlatformAccount,
} from '../../../services/console/platform-accounts.service.js';

/** The platform console's calls (the registry's console part), as every group's: one `defineCall` each. */
export const consoleCalls = [
  defineCall('/operator/login', { handler: (input, ctx) => consoleLogin(ctx.deps, { ip: ctx.ip }, input) }),
  defineCall('/operator/secondFactor', { handler: (input, ctx) => consoleSecondFactor(ctx.deps, { ip: ctx.ip }, input) }),
  defineCall('/operator/enrol', { handler: (input, ctx) => consoleEnrol(ctx.deps, { ip: ctx.ip }, input) }),
  defineCall('/operator/me', { handler: serve(consoleMe) }),
  defineCall('/operator/logout', { handler: serve(consoleLogout) }),
  defineCall('/operator/stores', { handler: serve(listConsoleStores) }),
  defineCall('/operator/store', { handler: serve(consoleStoreDetail) }),
  defineCall('/operator/storeFreeze', { handler: serve(consoleFreezeStore) }),
  defineCall('/operator/bossCreate', { handler: serve(consoleCreateBoss) }),
  defineCall('/operator/bossUnlock', { handler: serve(consoleUnlockBoss) }),
  defineCall('/operator/bossPassword', { handler: serve(consoleSetBossPassword) }),
  defineCall('/operator/storeRename', { handler: serve(consoleRenameStore) }),
  defineCall('/operator/storeHost', { handler: serve(consoleSetStoreHost) }),
  defineCall('/operator/storeHostRemove', { handler: serve(consoleRemoveStoreHost) }),
  defineCall('/operator/storeDailyReport', { handler: serve(consoleDailyReport) }),
  defineCall('/operator/storeCashLog', { handler: serve(consoleCashLog) }),
  defineCall('/operator/cashThresholds', { handler: serve(getCashThresholds) }),
  defineCall('/operator/cashThresholdsSet', { handler: serve(setCashThresholds) }),
  defineCall('/operator/storeShiftReport', { handler: serve(consoleShiftReport) }),
  defineCall('/operator/storeTransactionReport', { handler: serve(consoleTransactionReport) }),
  defineCall('/operator/storeDayClose', { handler: serve(consoleDayClose) }),
  defineCall('/operator/storeCreate', { handler: serve(consoleCreateStore) }),
  defineCall('/operator/storeQuota', { handler: serve(consoleSetQuota) }),
  defineCall('/operator/storeDistributor', { handler: serve(consoleSetStoreDistributor) }),
  defineCall('/operator/accounts', { handler: serve(listPlatformAccounts) }),
  defineCall('/operator/accountCreate', { handler: serve(createAccountFromConsole) }),
  defineCall('/operator/accountUnlock', { handler: serve(unlockPlatformAccount) }),
  defineCall('/operator/accountResetFactor', { handler: serve(resetSecondFactor) }),
  defineCall('/operator/accountPassword', { handler: serve(setPlatformAccountPassword) }),
  defineCall('/operator/accountDisable', { handler: serve(disablePlatformAccount) }),
  defineCall('/operator/accountRemove', { handler: serve(removePlatformAccount) }),
  defineCall('/operator/distributors', { handler: serve(listDistributors) }),
  defineCall('/operator/creditHistory', { handler: serve(creditHistory) }),
  defineCall('/operator/creditMove', { handler: serve(moveCredit) }),
  defineCall('/operator/creditMoves', { handler: serve(moveCreditToStores) }),
  defineCall('/operator/alerts', { handler: serve(listAlerts) }),
  defineCall('/operator/alertCount', { handler: serve(countAlerts) }),
  defineCall('/operator/alertAcknowledge', { handler: serve(acknowledgeAlert) }),
  defineCall('/operator/alertResolve', { handler: serve(resolveAlert) }),
  defineCall('/operator/thresholds', { handler: serve(getThresholds) }),
  defineCall('/operator/thresholdsSet', { handler: serve(setThresholds) }),
  defineCall('/operator/exclusionSharing', { handler: serve(getExclusionSharing) }),
  defineCall('/operator/exclusionSharingSet', { handler: serve(setExclusionSharing) }),
  defineCall('/operator/unusualActivity', { handler: serve(getUnusualActivity) }),
  defineCall('/operator/unusualActivitySet', { handler: serve(setUnusualActivity) }),
  defineCall('/operator/webhooks', { handler: serve(listWebhooks) }),
  defineCall('/operator/webhookAdd', { handler: serve(addWebhook) }),
  defineCall('/operator/webhookRemove', { handler: serve(removeWebhook) }),
  defineCall('/operator/audit', { handler: serve(listAudit) }),
  defineCall('/operator/auditExport', { handler: serve(exportAudit) }),
  defineCall('/operator/report', { handler: serve(consoleReport) }),
  defineCall('/operator/news', { handler: serve(listConsoleNews) }),
  defineCall('/operator/newsPublish', { handler: serve(publishConsoleNews) }),
  defineCall('/operator/newsUpdate', { handler: serve(updateConsoleNews) }),
  defineCall('/operator/newsWithdraw', { handler: serve(withdrawConsoleNews) }),
  defineCall('/operator/announcements', { handler: serve(listConsoleAnnouncements) }),
  defineCall('/operator/announcementCreate', { handler: serve(createConsoleAnnouncement) }),
  defineCall('/operator/announcementUpdate', { handler: serve(updateConsoleAnnouncement) }),
  defineCall('/operator/announcementWithdraw', { handler: serve(withdrawConsoleAnnouncement) }),
  defineCall('/operator/maintenance', { handler: serve(consoleMaintenance) }),
  defineCall('/operator/maintenanceSet', { handler: serve(setConsoleMaintenance) }),
] as const;
