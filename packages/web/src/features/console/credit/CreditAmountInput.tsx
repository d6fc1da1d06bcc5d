import { NumberInput, type NumberInputProps } from '@mantine/core';

/** An amount of credit in currency units as typed: empty while nothing (or no number) is in the box. */
export type CreditAmount = number | '';

/**
 * **The** box a credit amount is typed in (a party's give / take back, the multi-store give's common and
 * per-store amounts): currency units with at most two decimals, never negative; anything but a number
 * reads as empty. The rest (label, width, size, test id) is the caller's.
 */
export function CreditAmountInput({ value, onChange, ...rest }: Omit<NumberInputProps, 'value' | 'onChange' | 'min' | 'decimalScale' | 'allowNegative'> & { value: CreditAmount; onChange: (amount: CreditAmount) => void }) {
  return <NumberInput {...rest} value={value} onChange={(v) => onChange(typeof v === 'number' ? v : '')} min={0} decimalScale={2} allowNegative={false} />;
}
