// The ledger's vocabulary, apart from the ledger's writes so the refusals can name a movement
// without importing what posts it.

/** What a movement is, in the product's words. */
export type LedgerKind =
  | 'store_credit' // operator sells credit to a store
  | 'comps_budget' // operator sets aside special comps budget
  | 'init' // initial amount counted into the drawer
  | 'fill'
  | 'bleed'
  | 'purchase'
  | 'revert'
  | 'redeem'
  | 'special_comps'
  | 'bet'
  | 'win'
  | 'gift'
  | 'adjust'; // seed or operator correction, always with a note

export type Channel = 'pos' | 'reload_kiosk' | 'online' | 'reloader' | 'machine' | 'operator';

/**
 * Credit given to a store (by the operator or its distributor): its ledger rows of this kind, each
 * d_credit_cents (the opening credit, every add-credit and console give; take-backs negative). Every
 * other kind's d_credit_cents is credit the store used: the Z report, the reports' daily totals, the
 * Quota screen and the console's report all tell the two apart by this one kind.
 */
export const CREDIT_GIVEN_KIND = 'store_credit' satisfies LedgerKind;
