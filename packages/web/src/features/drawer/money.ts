/** Wire amounts (currency units, at most two decimals) to cents for display and arithmetic. */
export const unitsToCents = (units: number) => Math.round(units * 100);
