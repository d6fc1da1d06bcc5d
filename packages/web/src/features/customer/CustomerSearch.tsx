import type { CustomerSearchReply } from '@moneybox/contract';
import { Alert, Group, NativeSelect, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { forwardRef, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { callInline, SEARCH_TYPES, type CustomerRecord, type CustomerSearchType, } from './customer-api';
import { isCustomerId } from './customer-rules';
import { fullName } from './format';

/** Spec section 9's default fetch delay: suggestions wait until typing pauses this long. */
const FETCH_DELAY_MS = 200;
const SUGGESTIONS = 8;

interface Props {
  onOpen: (c: CustomerRecord) => void;
}

/**
 * The counter's search box: focused on arrival; Enter opens the highlighted or first match, the
 * arrow keys move through the suggestions, Escape closes them.
 */
export const CustomerSearch = forwardRef<HTMLInputElement, Props>(function CustomerSearch({ onOpen }, ref) {
  const { t } = useTranslation('customer');
  const [text, setText] = useState('');
  const [type, setType] = useState<CustomerSearchType>('any');
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [rule] = useDebouncedValue(text.trim(), FETCH_DELAY_MS);
  const listId = useId();
  const badId = type === 'id' && text.trim() !== '' && !isCustomerId(text);
  const ruleValid = rule !== '' && (type !== 'id' || isCustomerId(rule));
  const found = useApiQuery<CustomerSearchReply>('/customer/search', { type, rule, limit: SUGGESTIONS }, { enabled: open && ruleValid, staleTime: 2_000 });
  const list = open && ruleValid && rule === text.trim() ? (found.data?.list ?? []) : [];

  const pick = (c: CustomerRecord) => {
    setText('');
    setOpen(false);
    setActive(-1);
    setProblem(null);
    onOpen(c);
  };

  const openNow = async () => {
    const r = text.trim();
    if (!r) return;
    if (type === 'id' && !isCustomerId(r)) return;
    if (list.length) {
      pick(list[Math.max(0, active)]!);
      return;
    }
    try {
      const reply = await callInline<CustomerSearchReply>('/customer/search', { type, rule: r, limit: SUGGESTIONS });
      const first = reply.list[0];
      if (first) pick(first);
      else setProblem(t('search.none'));
    } catch (err) {
      setProblem((err as Error).message);
    }
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void openNow();
    } else if (e.key === 'ArrowDown' && list.length) {
      e.preventDefault();
      setActive((a) => (a + 1) % list.length);
    } else if (e.key === 'ArrowUp' && list.length) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? list.length - 1 : a - 1));
    } else if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const showList = open && list.length > 0;
  const empty = open && ruleValid && rule === text.trim() && found.isSuccess && list.length === 0;
  return (
    <Stack gap={6} pos="relative">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <NativeSelect
          aria-label={t('search.by')}
          value={type}
          onChange={(e) => {
            setType(e.currentTarget.value as CustomerSearchType);
            setActive(-1);
          }}
          data={SEARCH_TYPES.map((v) => ({ value: v, label: t(`search.types.${v}`) }))}
          w={{ base: 110, sm: 140 }}
          style={{ flexShrink: 0 }}
          data-testid="customer-search-type"
        />
        <TextInput
          ref={ref}
          style={{ flex: 1, minWidth: 0 }}
          placeholder={t(`search.placeholder.${type}`)}
          aria-label={t('search.label')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setOpen(true);
            setActive(-1);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onFocus={() => setOpen(true)}
          error={badId ? t('errors.customerId') : undefined}
          maxLength={100}
          autoComplete="off"
          autoFocus
          inputMode={type === 'id' || type === 'phone' || type === 'mobile_id' ? 'numeric' : 'text'}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          data-testid="customer-search"
        />
      </Group>
      {showList ? (
        <Paper withBorder shadow="md" role="listbox" id={listId} aria-label={t('search.results')} data-testid="customer-search-results" mah={300} style={{ overflowY: 'auto' }}>
          {list.map((c, i) => (
            <UnstyledButton
              key={c.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(c)}
              onMouseEnter={() => setActive(i)}
              w="100%"
              px="sm"
              py={6}
              bg={i === active ? 'var(--mantine-primary-color-light)' : undefined}
              data-testid={`customer-option-${c.id}`}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600} truncate>
                  {fullName(c)}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  #{c.id} · {c.mobile_id}
                  {c.phone ? ` · ${c.phone}` : ''}
                </Text>
              </Group>
            </UnstyledButton>
          ))}
        </Paper>
      ) : null}
      {empty || problem ? (
        <Alert color="yellow" py={6} data-testid="customer-search-empty">
          {problem ?? t('search.none')}
        </Alert>
      ) : null}
    </Stack>
  );
});
