import { useId } from 'react';

export interface ModeOption<T extends string> {
  value: T;
  label: string;
}

/**
 * The login page's mode switch (drawer / viewer): native radios in a radiogroup, so the browser gives
 * the arrow keys, one tab stop and the checked state; drawn by `.mode-switch` (global.css) like
 * Mantine's SegmentedControl, whose code (2.4 kB gzipped) the login page would otherwise load.
 */
export function ModeSwitch<T extends string>({
  value,
  onChange,
  options,
  label,
  testId,
}: {
  value: T;
  onChange: (value: T) => void;
  options: ModeOption<T>[];
  label: string;
  testId?: string;
}) {
  const name = useId();
  return (
    <div className="mode-switch" role="radiogroup" aria-label={label} data-testid={testId}>
      {options.map((o) => (
        <div className="mode-switch-option" data-checked={value === o.value || undefined} key={o.value}>
          <input type="radio" name={name} id={`${name}-${o.value}`} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
          <label htmlFor={`${name}-${o.value}`}>{o.label}</label>
        </div>
      ))}
    </div>
  );
}
