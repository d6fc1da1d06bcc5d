import type { Generated, Selectable } from 'kysely';

/**
 * Table types for Kysely. Money columns end in `_cents` (integer minor units).
 * Booleans are 0/1 integers and times are ISO-8601 UTC strings, so one schema serves SQLite and PostgreSQL.
 */
export interface StoreTable {
  id: number; // the kiosk id
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  timezone: string;
  frozen: number;
  freeze_msg: string;
  closed: number;
  max_machines: number;
  max_drawers: number;
  exchange_rate: number;
  credit_cents: number;
  comps_budget_cents: number;
  limit_day: number;
  limit_hourly_cents: number;
  limit_daily_cents: number;
  limit_weekly_cents: number;
  min_amount_cents: number;
  blind_count: number;
  max_failed_logins: number;
  created_at: string;
  /** The operator's caps on the purchase limits (0 = no cap); the boss sets the limits up to these. */
  cap_hourly_cents: Generated<number>;
  cap_daily_cents: Generated<number>;
  cap_weekly_cents: Generated<number>;
  /** Player protection (migration 010): minimum age at sign-up, birthday required before money moves, payout thresholds (cents, 0 = off). */
  min_age: Generated<number>;
  birthday_required: Generated<number>;
  id_check_cents: Generated<number>;
  large_payout_cents: Generated<number>;
  /** The bills and coins the store counts, JSON array of currency units ('': the currency's defaults). */
  denominations: Generated<string>;
  /** An over/short at or above this (either way) is a large difference (the day close flags it). */
  large_diff_cents: Generated<number>;
  /** The cash transaction log's thresholds (migration 041): a customer's cash in or out of one store day (cents, 0 = off). */
  cash_log_cents: Generated<number>;
  cash_report_cents: Generated<number>;
}

export interface AccountTable {
  id: Generated<number>;
  store_id: number;
  username: string;
  password_hash: string;
  sa_type: number;
  disabled: Generated<number>;
  locked: Generated<number>;
  failed_logins: Generated<number>;
  removed: Generated<number>;
  created_at: string;
  last_login_at: string | null;
}

export interface SessionTable {
  id: Generated<number>;
  store_id: number;
  account_id: number;
  token_hash: string;
  mode: string; // 'pos' | 'viewer'
  created_at: string;
  last_seen_at: string;
  revoked_at: string | null;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  ip: string;
  username: string;
  ok: number;
  at: string;
}

export interface DrawerTable {
  id: Generated<number>;
  store_id: number;
  number: number;
  frozen: Generated<number>;
  created_at: string;
  last_login_at: string | null;
}

export interface ShiftTable {
  id: Generated<number>;
  store_id: number;
  drawer_id: number;
  account_id: number;
  started_at: string;
  ended_at: string | null;
  closed_by_account_id: number | null;
  init_set: Generated<number>;
  initial_cents: Generated<number>;
  fills_cents: Generated<number>;
  bleeds_cents: Generated<number>;
  /** Net of reverted purchases, so balance = initial + fills - bleeds + purchases - redeems holds. */
  purchases_cents: Generated<number>;
  redeems_cents: Generated<number>;
  comps_cents: Generated<number>;
  special_comps_cents: Generated<number>;
  reverts_cents: Generated<number>;
  balance_cents: Generated<number>;
  counted_cents: number | null;
  count_detail: string | null;
}

export interface CustomerTable {
  id: Generated<number>;
  store_id: number;
  mobile_id: string;
  pin_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  /** lower(first_name || ' ' || last_name), kept for prefix search on both databases. */
  name_search: Generated<string>;
  /** The name as "last first", lowercased (migration 036), for the counter's search by last name. */
  last_search: Generated<string>;
  drivers_license: Generated<string>;
  birthday: Generated<string>;
  gender: Generated<string>;
  phone: Generated<string>;
  mail: Generated<string>;
  bank: Generated<string>;
  bank_account: Generated<string>;
  /** The home address as one line (migration 039); '' when not given. */
  address: Generated<string>;
  /** When the personal fields were erased on request (migration 040); null while they are kept. */
  erased_at: string | null;
  account_type: Generated<number>;
  blocked: Generated<number>;
  playing_machine_id: number | null;
  pin_failures: Generated<number>;
  entries_cents: Generated<number>;
  winnings_cents: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Player protection (migration 010): '' none, 'exclusion' or 'cool_off', with when it was set and ends. */
  protect_kind: Generated<string>;
  protect_since: string | null;
  protect_until: string | null;
  /** Personal purchase limits (0 = none) and the raise pending until plimit_next_at. */
  plimit_hourly_cents: Generated<number>;
  plimit_daily_cents: Generated<number>;
  plimit_weekly_cents: Generated<number>;
  plimit_next_hourly_cents: number | null;
  plimit_next_daily_cents: number | null;
  plimit_next_weekly_cents: number | null;
  plimit_next_at: string | null;
  /** Shared exclusions (migration 021): the ID card's normalised hash ('' none), and the running exclusion of another store of the operator on that ID. */
  id_hash: Generated<string>;
  shared_since: string | null;
  shared_until: string | null;
}

/** An operator that shares self-exclusions across its stores (migration 021); owner 0 = the platform's own stores. */
export interface ExclusionSharingTable {
  owner_id: number;
  since: string;
  account_id: number;
}

/** An exclusion shared with the operator's other stores, by ID hash only (migration 021). */
export interface SharedExclusionTable {
  id: Generated<number>;
  owner_id: number;
  id_hash: string;
  store_id: number;
  customer_id: number;
  since: string;
  until: string;
}

export interface LedgerTable {
  id: Generated<number>;
  store_id: number;
  at: string;
  kind: string;
  channel: Generated<string>;
  account_id: number | null;
  drawer_id: number | null;
  shift_id: number | null;
  customer_id: number | null;
  machine_id: number | null;
  amount_cents: number;
  /** Signed effects on each cached balance; the balances are the sums of these columns. */
  d_drawer_cents: Generated<number>;
  d_entries_cents: Generated<number>;
  d_winnings_cents: Generated<number>;
  d_credit_cents: Generated<number>;
  d_budget_cents: Generated<number>;
  key: string | null;
  reverts_id: number | null;
  note: Generated<string>;
}

export interface OneTimeKeyTable {
  key: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface MachineTable {
  id: Generated<number>;
  store_id: number;
  machine_id: number;
  connected: Generated<number>;
  customer_id: number | null;
  removed: Generated<number>;
  created_at: string;
  last_seen_at: string | null;
  kind: Generated<string>;
  public_key: string | null;
  last_seq: Generated<number>;
  meter_played: Generated<number>;
  meter_won: Generated<number>;
  meter_games: Generated<number>;
  /** The last reading as the machine sent it (migration 030): a lower one is a reset. */
  meter_raw_played: Generated<number>;
  meter_raw_won: Generated<number>;
  meter_raw_games: Generated<number>;
  meter_resets: Generated<number>;
  meter_reset_at: string | null;
  removed_at: string | null;
}

export interface EnrolmentCodeTable {
  id: Generated<number>;
  store_id: number;
  code_hash: string;
  kind: string;
  machine_name: number;
  account_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  machine_row_id: number | null;
}

export interface TerminalAckTable {
  machine_row_id: number;
  seq: number;
  store_id: number;
  at: string;
  ack: string;
}

export interface RoundTable {
  id: Generated<number>;
  store_id: number;
  customer_id: number;
  machine_id: number;
  round_no: string;
  serial_no: string;
  at: string;
  game_name: string;
  begin_credits: number;
  end_credits: number;
  jp_bet: Generated<number>;
  game_bet: Generated<number>;
  extra_bet: Generated<number>;
  buy_bonus_cost: Generated<number>;
  win: Generated<number>;
  seq: number | null;
}

export interface GiftTable {
  id: Generated<number>;
  store_id: number;
  customer_id: number;
  at: string;
  title: string;
  award_type: string;
  award_amount_cents: Generated<number>;
  award_item: Generated<string>;
  item_amount: Generated<number>;
  level: Generated<number>;
  machine_id: number | null;
}

export interface AnnouncementTable {
  id: Generated<number>;
  msg: string;
  modes: string; // JSON array of layouts
  active: Generated<number>;
  created_at: string;
}

export interface DomainLayoutTable {
  host: string;
  layout: number;
  /** The store served at this host (migration 019; the console sets it), null for the platform's own hosts. */
  store_id: number | null;
}

/** Append-only trail of changes (migration 005); money movements are their ledger rows instead. */
export interface AuditTable {
  id: Generated<number>;
  store_id: number | null;
  at: string;
  actor_account_id: number | null;
  actor_name: string;
  actor_role: string;
  kind: string;
  target_type: Generated<string>;
  target_id: number | null;
  target_label: Generated<string>;
  before_json: string | null;
  after_json: string | null;
}

export interface SettingTable {
  name: string;
  value: string;
}

/** Platform news (migration 008): items the operator publishes, their texts, targets, events and files. */
export interface BulletinEventTable {
  id: Generated<number>;
  name: string;
  starts_at: string;
  ends_at: string;
  /** JSON {lang: title}. */
  titles: Generated<string>;
  created_at: string;
  removed_at: string | null;
}

export interface BulletinTable {
  id: Generated<number>;
  kind: 'news' | 'event' | 'poster' | 'regulation';
  event_id: number | null;
  all_stores: number;
  published_at: string;
  withdrawn_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface BulletinStoreTable {
  bulletin_id: number;
  store_id: number;
}

export interface BulletinTextTable {
  bulletin_id: number;
  lang: string;
  title: string;
  body: string;
}

export interface BulletinFileTable {
  id: Generated<number>;
  bulletin_id: number;
  role: 'document' | 'thumbnail' | 'image';
  lang: string | null;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  bytes: Uint8Array;
  created_at: string;
  removed_at: string | null;
}

/** Daily totals of the ledger per store, store day, channel and kind (migration 007), up to the watermark. */
export interface ReportDailyTable {
  store_id: number;
  day: string;
  channel: string;
  kind: string;
  amount_cents: number;
  count: number;
}

/** report_daily summed over every store, per store day, channel and kind (migration 024), up to the watermark. */
export interface ReportDailyAllTable {
  day: string;
  channel: string;
  kind: string;
  amount_cents: number;
  count: number;
}

/** Per store and UTC day: the credit the counters used (every kind but store_credit) and the last ledger row (migration 024), up to the watermark. */
export interface CreditUseDayTable {
  store_id: number;
  day: string;
  used_cents: number;
  last_at: string;
}

/** One row (id 1): ledger ids up to ledger_id are in report_daily, report_daily_all and credit_use_day; pending_*: the next candidate. */
export interface ReportWatermarkTable {
  id: number;
  ledger_id: number;
  pending_id: number | null;
  pending_at: string | null;
}

/** The platform console's accounts (migration 012): admin, distributor, support; apart from store staff. */
export interface PlatformAccountTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: string; // 'admin' | 'distributor' | 'support'
  parent_id: number | null;
  totp_secret: string | null;
  totp_pending: string | null;
  totp_last_step: Generated<number>;
  failed_logins: Generated<number>;
  locked: Generated<number>;
  disabled: Generated<number>;
  /** Taken off the console (migration 037): disabled too, listed nowhere; the row and its name stay. */
  removed: Generated<number>;
  created_at: string;
  last_login_at: string | null;
  /** A distributor's credit on hand (migration 016; the ledger of it is credit_transfer). */
  credit_cents: Generated<number>;
}

/** One move of credit or comps budget along one edge of the platform hierarchy (migration 016). Append-only. */
export interface CreditTransferTable {
  id: Generated<number>;
  at: string;
  key: string;
  fund: string; // 'credit' | 'comps'
  /** The giver's side: a distributor, or null for the operator (unlimited issuing). */
  parent_account_id: number | null;
  child_account_id: number | null;
  child_store_id: number | null;
  /** Positive: given to the child; negative: taken back up. */
  d_child_cents: number;
  parent_balance_cents: number | null;
  child_balance_cents: number;
  ledger_id: number | null;
  actor_account_id: number;
  note: string;
}

export interface PlatformAccountStoreTable {
  account_id: number;
  store_id: number;
}

export interface PlatformRecoveryCodeTable {
  id: Generated<number>;
  account_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface PlatformSessionTable {
  id: Generated<number>;
  account_id: number;
  token_hash: string;
  stage: string; // 'second_factor' | 'enrol' | 'full'
  created_at: string;
  last_seen_at: string;
  revoked_at: string | null;
}

/** A closed store day (issue 23): its Z report as it was closed, JSON, reprinted as is. */
export interface DayCloseTable {
  store_id: number;
  day: string;
  closed_at: string;
  closed_by_account_id: number;
  report: string;
}

/** A boss's note on one difference of a store day (issue 23). */
export interface DayCloseNoteTable {
  id: Generated<number>;
  store_id: number;
  day: string;
  target_type: string;
  target_id: number;
  note: string;
  account_id: number;
  at: string;
}

/** A game machine's last meter reading of a store day (migration 022; day '0000-00-00': the meters when it came). */
export interface MachineMeterDayTable {
  machine_id: number;
  day: string;
  store_id: number;
  played: number;
  won: number;
  games: number;
  /** The machine's reset count as of this reading (migration 030). */
  resets: Generated<number>;
}

/** A reload kiosk's cash taken ('in') or paid out ('out'), as its terminal reported it (applied once by seq). */
export interface KioskCashTable {
  id: Generated<number>;
  store_id: number;
  machine_id: number;
  seq: number;
  at: string;
  direction: string;
  amount_cents: number;
  /** The kiosk's cumulative meter for this direction after this movement. */
  meter_cents: number;
  /** By denomination as the terminal wrote it ("20×1"), '' when not given. */
  detail: Generated<string>;
}

/** A kiosk cash box emptied and counted (counted null: marked not collected, with a reason). */
export interface KioskCollectionTable {
  id: Generated<number>;
  store_id: number;
  machine_id: number;
  at: string;
  account_id: number;
  up_to_cash_id: number;
  expected_cents: number;
  counted_cents: number | null;
  count_detail: Generated<string>;
  reason: Generated<string>;
  key: string;
}

/** An exception the sweep raised (migration 017): open while `open_key` is set. */
export interface AlertTable {
  id: Generated<number>;
  kind: string;
  store_id: number | null;
  subject: string;
  detail: Generated<string>;
  open_key: string | null;
  raised_at: string;
  cleared_at: string | null;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
  note: Generated<string>;
}

/** The stores of an alert that spans several (migration 042): a bounded scope sees it only with all of them. */
export interface AlertStoreTable {
  alert_id: number;
  store_id: number;
}

/** A rule's threshold: store 0 the platform default, another store its override. */
export interface AlertThresholdTable {
  store_id: number;
  kind: string;
  value: number;
}

export interface WebhookTable {
  id: Generated<number>;
  url: string;
  /** The HMAC key, as given: never logged, never answered after creation. */
  secret: string;
  created_at: string;
  created_by: string;
  removed_at: string | null;
}

/** The webhooks' durable outbox: one row per alert event × webhook. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  webhook_id: number;
  alert_id: number;
  event: string;
  body: string;
  created_at: string;
  attempts: Generated<number>;
  next_at: string;
  claimed_until: string | null;
  delivered_at: string | null;
  last_status: number | null;
  last_error: Generated<string>;
}

/** A counter redeem above the store's ID-check threshold (migration 014): the ID as checked, and whether it was a large payout. */
export interface PayoutCheckTable {
  id: Generated<number>;
  store_id: number;
  ledger_id: number;
  at: string;
  customer_id: number;
  account_id: number;
  amount_cents: number;
  id_type: string;
  id_number: string;
  large: Generated<number>;
  /** The customer's payouts of the store day with this one (migration 026). */
  day_total_cents: Generated<number>;
}

/**
 * The cash transaction log (migration 041, money/cash-log.ts): a customer's day sum in one direction reaching a
 * threshold, written with the movement that took it there; the day's later movements keep total_cents current.
 */
export interface CashLogTable {
  id: Generated<number>;
  store_id: number;
  /** The store day (YYYY-MM-DD in the store's zone). */
  day: string;
  customer_id: number;
  direction: 'in' | 'out';
  level: 'log' | 'report';
  threshold_cents: number;
  ledger_id: number;
  at: string;
  account_id: number | null;
  machine_id: number | null;
  channel: string;
  amount_cents: number;
  total_cents: number;
  movements: Generated<number>;
  last_at: string;
  /** The identity as recorded when the threshold was reached (JSON of money/cash-log.ts CashIdentity). */
  identity: string;
}

/** Per store, one closed period of its ledger rows, chained (migration 038, money/ledger-digest.ts). */
export interface LedgerDigestTable {
  store_id: number;
  seq: number;
  prev_last_id: number;
  first_id: number;
  last_id: number;
  count: number;
  sum_cents: number;
  hour: string;
  prev_hash: string;
  hash: string;
  made_at: string;
}

/** A digested ledger row's own short hash (migration 038): `verify` names the first row that differs. */
export interface LedgerRowHashTable {
  ledger_id: number;
  store_id: number;
  hash: string;
}

/** One row (id 1): every ledger id up to ledger_id is digested (migration 038). */
export interface LedgerDigestWatermarkTable {
  id: number;
  ledger_id: number;
}

/** A store day's digest as its close signed it (migration 038). */
export interface DaySealTable {
  store_id: number;
  day: string;
  from_at: string;
  to_at: string;
  count: number;
  sum_cents: number;
  first_id: number | null;
  last_id: number | null;
  rows_hash: string;
  chain_last_id: number | null;
  chain_hash: string | null;
  public_key: string;
  signature: string;
  signed_at: string;
}

export interface Database {
  store: StoreTable;
  account: AccountTable;
  session: SessionTable;
  login_attempt: LoginAttemptTable;
  drawer: DrawerTable;
  shift: ShiftTable;
  customer: CustomerTable;
  ledger: LedgerTable;
  one_time_key: OneTimeKeyTable;
  machine: MachineTable;
  enrolment_code: EnrolmentCodeTable;
  terminal_ack: TerminalAckTable;
  round: RoundTable;
  gift: GiftTable;
  announcement: AnnouncementTable;
  domain_layout: DomainLayoutTable;
  setting: SettingTable;
  audit: AuditTable;
  bulletin_event: BulletinEventTable;
  bulletin: BulletinTable;
  bulletin_store: BulletinStoreTable;
  bulletin_text: BulletinTextTable;
  bulletin_file: BulletinFileTable;
  report_daily: ReportDailyTable;
  report_daily_all: ReportDailyAllTable;
  credit_use_day: CreditUseDayTable;
  report_watermark: ReportWatermarkTable;
  platform_account: PlatformAccountTable;
  platform_account_store: PlatformAccountStoreTable;
  exclusion_sharing: ExclusionSharingTable;
  shared_exclusion: SharedExclusionTable;
  platform_recovery_code: PlatformRecoveryCodeTable;
  platform_session: PlatformSessionTable;
  credit_transfer: CreditTransferTable;
  day_close: DayCloseTable;
  day_close_note: DayCloseNoteTable;
  machine_meter_day: MachineMeterDayTable;
  kiosk_cash: KioskCashTable;
  kiosk_collection: KioskCollectionTable;
  alert: AlertTable;
  alert_threshold: AlertThresholdTable;
  alert_store: AlertStoreTable;
  webhook: WebhookTable;
  webhook_delivery: WebhookDeliveryTable;
  payout_check: PayoutCheckTable;
  cash_log: CashLogTable;
  ledger_digest: LedgerDigestTable;
  ledger_row_hash: LedgerRowHashTable;
  ledger_digest_watermark: LedgerDigestWatermarkTable;
  day_seal: DaySealTable;
}

export type Store = Selectable<StoreTable>;
export type Account = Selectable<AccountTable>;
export type Drawer = Selectable<DrawerTable>;
export type Shift = Selectable<ShiftTable>;
export type LedgerRow = Selectable<LedgerTable>;
export type AuditRow = Selectable<AuditTable>;
