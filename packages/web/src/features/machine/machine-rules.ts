/** A machine name is a number (spec section 5): the same rule as the contract's, checked as the boss types. */
export function readMachineName(text: string): number | null {
  const v = text.trim();
  if (!/^\d{1,9}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 ? n : null;
}

/** The enrolment code as the boss reads it out to the technician: groups of five. */
export function spacedCode(code: string): string {
  return code.replace(/-/g, ' - ');
}
