/**
 * A customer's card: the QR code the PIN reset and sign-up show (`loginQrValue` in format.ts,
 * `moneybox:mobile_id=<id>;pin=<pin>`), which a machine or the customer's phone reads to log in. At the
 * counter it only finds the customer: THE one reading of it, for a keyboard-wedge scanner's text typed into
 * the search box and for the camera's QR alike.
 */
const CARD = /^moneybox:mobile_id=([^;\s]{1,40})(?:;|$)/;

/** The mobile id of a customer's card as a scanner or the camera read it; null for any other code. The PIN is never kept. */
export function mobileIdOfCard(code: string): string | null {
  const m = CARD.exec(code.trim());
  return m ? m[1]! : null;
}
