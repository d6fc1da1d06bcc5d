import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether a scroll box has content hidden past its right edge. */
export function hasMoreRight(box: { scrollLeft: number; clientWidth: number; scrollWidth: number }): boolean {
  return box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
}

/**
 * A table's own sideways scroll area (the page never scrolls sideways). While columns are hidden to the
 * right it says so above the table and shades the right edge; a sticky first column (`STICKY_CELL`)
 * keeps the row's name in view while scrolling.
 */
export function WideTable({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  const { t } = useTranslation('customer');
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const update = () => setMore(hasMoreRight(el));
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, []);

  return (
    <div style={{ position: 'relative', minWidth: 0 }}>
      <Text size="xs" c="dimmed" ta="right" mih={18} aria-live="polite" data-testid={testId ? `${testId}-more` : undefined}>
        {more ? t('table.more') : ''}
      </Text>
      {/* Focusable so the keyboard can scroll it too. */}
      <div ref={box} role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }} data-testid={testId ? `${testId}-scroll` : undefined} data-more={more}>
        {children}
      </div>
      {more ? (
        <div
          aria-hidden
          style={{ position: 'absolute', top: 18, right: 0, bottom: 0, width: 28, pointerEvents: 'none', background: 'linear-gradient(to right, transparent, rgba(0, 0, 0, 0.14))' }}
        />
      ) : null}
    </div>
  );
}

/** The first column of a `WideTable`: stays in view while the rest scrolls under it. */
export const STICKY_CELL: React.CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset -1px 0 0 var(--mantine-color-default-border)',
};
