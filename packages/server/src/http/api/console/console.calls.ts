import type { ConsolePath } from '@moneybox/contract';
import { defineConsoleCall, type ConsoleCallDef, type ConsoleContext } from '../../console-envelope.js';
import type { Deps } from '../../call.js';
import type { ConsoleActor } from '../../../domain/console-actor.js';
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

/** A console service `(deps, actor, input)` as a console call's handler. */
function act<I, T>(service: (deps: Deps, actor: ConsoleActor, input: I) => Promise<T>) {
  return (input: I, ctx: ConsoleContext) => service(ctx.deps, ctx.actor, input);
}

const calls = [
  defineConsoleCall('/operator/login', (input, ctx) => consoleLogin(ctx.deps, { ip: ctx.ip }, input)),
  defineConsoleCall('/operator/secondFactor', (input, ctx) => consoleSecondFactor(ctx.deps, { ip: ctx.ip }, input)),
  defineConsoleCall('/operator/enrol', (input, ctx) => consoleEnrol(ctx.deps, { ip: ctx.ip }, input)),
  defineConsoleCall('/operator/me', act(consoleMe)),
  defineConsoleCall('/operator/logout', act(consoleLogout)),
  defineConsoleCall('/operator/stores', act(listConsoleStores)),
  defineConsoleCall('/operator/store', act(consoleStoreDetail)),
  defineConsoleCall('/operator/storeFreeze', act(consoleFreezeStore)),
  defineConsoleCall('/operator/bossCreate', act(consoleCreateBoss)),
  defineConsoleCall('/operator/bossUnlock', act(consoleUnlockBoss)),
  defineConsoleCall('/operator/storeHost', act(consoleSetStoreHost)),
  defineConsoleCall('/operator/storeHostRemove', act(consoleRemoveStoreHost)),
  defineConsoleCall('/operator/storeDailyReport', act(consoleDailyReport)),
  defineConsoleCall('/operator/storeShiftReport', act(consoleShiftReport)),
  defineConsoleCall('/operator/storeTransactionReport', act(consoleTransactionReport)),
  defineConsoleCall('/operator/storeDayClose', act(consoleDayClose)),
  defineConsoleCall('/operator/storeCreate', act(consoleCreateStore)),
  defineConsoleCall('/operator/storeQuota', act(consoleSetQuota)),
  defineConsoleCall('/operator/storeDistributor', act(consoleSetStoreDistributor)),
  defineConsoleCall('/operator/accounts', act(listPlatformAccounts)),
  defineConsoleCall('/operator/accountCreate', act(createAccountFromConsole)),
  defineConsoleCall('/operator/accountUnlock', act(unlockPlatformAccount)),
  defineConsoleCall('/operator/accountResetFactor', act(resetSecondFactor)),
  defineConsoleCall('/operator/distributors', act(listDistributors)),
  defineConsoleCall('/operator/creditHistory', act(creditHistory)),
  defineConsoleCall('/operator/creditMove', act(moveCredit)),
  defineConsoleCall('/operator/alerts', act(listAlerts)),
  defineConsoleCall('/operator/alertCount', act(countAlerts)),
  defineConsoleCall('/operator/alertAcknowledge', act(acknowledgeAlert)),
  defineConsoleCall('/operator/alertResolve', act(resolveAlert)),
  defineConsoleCall('/operator/thresholds', act(getThresholds)),
  defineConsoleCall('/operator/thresholdsSet', act(setThresholds)),
  defineConsoleCall('/operator/exclusionSharing', act(getExclusionSharing)),
  defineConsoleCall('/operator/exclusionSharingSet', act(setExclusionSharing)),
  defineConsoleCall('/operator/webhooks', act(listWebhooks)),
  defineConsoleCall('/operator/webhookAdd', act(addWebhook)),
  defineConsoleCall('/operator/webhookRemove', act(removeWebhook)),
  defineConsoleCall('/operator/audit', act(listAudit)),
  defineConsoleCall('/operator/report', act(consoleReport)),
  defineConsoleCall('/operator/news', act(listConsoleNews)),
  defineConsoleCall('/operator/newsPublish', act(publishConsoleNews)),
  defineConsoleCall('/operator/newsUpdate', act(updateConsoleNews)),
  defineConsoleCall('/operator/newsWithdraw', act(withdrawConsoleNews)),
  defineConsoleCall('/operator/announcements', act(listConsoleAnnouncements)),
  defineConsoleCall('/operator/announcementCreate', act(createConsoleAnnouncement)),
  defineConsoleCall('/operator/announcementUpdate', act(updateConsoleAnnouncement)),
  defineConsoleCall('/operator/announcementWithdraw', act(withdrawConsoleAnnouncement)),
  defineConsoleCall('/operator/maintenance', act(consoleMaintenance)),
  defineConsoleCall('/operator/maintenanceSet', act(setConsoleMaintenance)),
] as const;

type Defined = (typeof calls)[number]['path'];
/** Does not compile while a call of CONSOLE_CALLS has no handler. */
export const everyConsoleCallHandled: [Exclude<ConsolePath, Defined>] extends [never] ? true : { missing: Exclude<ConsolePath, Defined> } = true;

/** Every console call the server answers, one per entry of the contract's CONSOLE_CALLS. */
export const consoleCalls: readonly ConsoleCallDef[] = calls as unknown as readonly ConsoleCallDef[];
