import type { CustomerSearchReply } from '@moneybox/contract';
import { ActionIcon, Alert, CloseButton, Group, Loader, NativeSelect, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraAvailable } from '../hardware/camera-scan';
import { CameraScanDialog } from './CameraScanDialog';
import { callInline, SEARCH_TYPES, type CustomerRecord, type CustomerSearchType } from './customer-api';
import { mobileIdOfCard } from './customer-card';
import { isCustomerId } from './customer-rules';
import { enterChoice } from './enter-choice';
import { fullName } from './format';
import { callKey } from '../../api/query-keys';

/** Spec section 9's default fetch delay: suggestions wait until typing pauses this long. */
const FETCH_DELAY_MS = 200;
const SUGGESTIONS = 8;

/** One query per (type, rule): the suggestions and Enter share it, so Enter joins a search in flight. */
function searchQuery(type: CustomerSearchType, rule: string) {
  const payload = { type, rule, limit: SUGGESTIONS };
  return {
    queryKey: callKey('/customer/search', payload),
    queryFn: () => callInline('/customer/search', payload),
    staleTime: 2_000,
  };
}

interface Props {
  onOpen: (c: CustomerRecord) => void;
  /** True while the box holds a search that has not opened a customer (typing, settling, nobody or several found). */
  onSearchingChange: (searching: boolean) => void;
}

/**
 * The counter's search box: focused on arrival; the arrow keys move through the suggestions, Escape
 * closes them (then clears the box). Enter opens a highlighted suggestion, or else what `enterChoice`
 * allows of the settled search for exactly the text typed: one exact id / mobile id / phone match or
 * the only match; several matches are shown to choose from, and nobody is opened.
 */
export const CustomerSearch = forwardRef<HTMLInputElement, Props>(function CustomerSearch({ onOpen, onSearchingChange }, ref) {
  const { t } = useTranslation('customer');
  const client = useQueryClient();
  const [text, setTextState] = useState('');
  const [type, setType] = useState<CustomerSearchType>('any');
  const [rule, setRule] = useState('');
  const [active, setActive] = useState(-1);
  const [hover, setHover] = useState(-1);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [choose, setChoose] = useState(false);
  const [settling, setSettling] = useState(false);
  const [filming, setFilming] = useState(false);
  // What the box holds now, for an Enter whose search settles later (it must not act on text typed since).
  const now = useRef({ text: '', type: 'any' as CustomerSearchType });
  // The list closes a moment after the box loses focus (so a click on a suggestion lands first). Focus coming
  // back cancels it: a stale close must never hide the list of a search typed since (a scanner types fast).
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancelClose = () => {
    clearTimeout(closing.current);
    closing.current = undefined;
  };
  useEffect(() => cancelClose, []);
  const listId = useId();

  // Suggestions follow the text once typing pauses (spec section 9's fetch delay).
  useEffect(() => {
    const timer = setTimeout(() => setRule(text.trim()), FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const setText = (next: string) => {
    now.current.text = next;
    setTextState(next);
    setActive(-1);
    setProblem(null);
    setChoose(false);
    onSearchingChange(next.trim() !== '');
  };

  const badId = type === 'id' && text.trim() !== '' && !isCustomerId(text);
  const ruleValid = rule !== '' && (type !== 'id' || isCustomerId(rule));
  const found = useQuery({ ...searchQuery(type, rule), enabled: open && ruleValid });
  // Only the reply for exactly the text in the box is ever listed (never an earlier prefix's).
  const current = ruleValid && rule === text.trim() && found.isSuccess;
  const list = open && current ? found.data.list : [];

  const pick = (c: CustomerRecord) => {
    setText('');
    setRule('');
    setOpen(false);
    onOpen(c);
  };

  /**
   * Enter (a keyboard-wedge scanner's too), or a card the camera read (`typed`): the text searched with the
   * chosen type. A customer's card (`mobileIdOfCard`: its QR holds the mobile id and PIN) searches its mobile
   * id alone, past any highlight; the box then shows the mobile id, the PIN is never searched nor kept.
   */
  const openNow = async (typed: string = text) => {
    cancelClose();
    const card = mobileIdOfCard(typed);
    const by: CustomerSearchType = card === null ? type : 'mobile_id';
    const r = card ?? typed.trim();
    if (!r || (by === 'id' && !isCustomerId(r))) return;
    // A suggestion the cashier highlighted, in the list shown for this very text: their choice.
    const highlighted = card === null && active >= 0 ? list[active] : undefined;
    if (highlighted) {
      pick(highlighted);
      return;
    }
    if (card !== null) setText(card);
    const asked = { text: card ?? typed, type };
    setRule(r);
    setOpen(true);
    setSettling(true);
    let reply: CustomerSearchReply;
    try {
      reply = await client.fetchQuery(searchQuery(by, r));
    } catch (err) {
      if (now.current.text === asked.text && now.current.type === asked.type) setProblem((err as Error).message);
      return;
    } finally {
      setSettling(false);
    }
    // Typed on (or changed the type) while it settled: this Enter is stale, the box's new text decides.
    if (now.current.text !== asked.text || now.current.type !== asked.type) return;
    const choice = enterChoice(reply.list, by, r);
    if (choice.action === 'open') pick(choice.customer);
    else if (choice.action === 'choose') setChoose(true);
    else setProblem(t('search.none'));
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
      if (showList) {
        setOpen(false);
        setActive(-1);
      } else if (text) {
        setText('');
      }
    }
  };

  const showList = open && list.length > 0;
  const empty = open && current && list.length === 0;
  const canFilm = cameraAvailable();
  return (
    <Stack gap={6} pos="relative">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <NativeSelect
          aria-label={t('search.by')}
          value={type}
          onChange={(e) => {
            const next = e.currentTarget.value as CustomerSearchType;
            now.current.type = next;
            setType(next);
            setActive(-1);
            setChoose(false);
            setProblem(null);
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
            cancelClose();
            setText(e.currentTarget.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            cancelClose();
            closing.current = setTimeout(() => setOpen(false), 150);
          }}
          onFocus={() => {
            cancelClose();
            setOpen(true);
          }}
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
          rightSection={
            settling ? (
              <Loader size="xs" data-testid="customer-search-settling" />
            ) : text ? (
              <CloseButton size="sm" aria-label={t('search.clear')} onMouseDown={(e) => e.preventDefault()} onClick={() => setText('')} data-testid="customer-search-clear" />
            ) : null
          }
          data-testid="customer-search"
        />
        <ActionIcon
          variant="light"
          size="input-sm"
          onClick={() => setFilming(true)}
          disabled={!canFilm}
          aria-label={t('camera.open')}
          title={canFilm ? t('camera.open') : t('camera.unavailable')}
          data-testid="customer-camera-scan"
        >
          <CameraIcon />
        </ActionIcon>
      </Group>
      <CameraScanDialog
        opened={filming}
        onClose={() => setFilming(false)}
        onCode={(code) => {
          setFilming(false);
          void openNow(code);
        }}
      />
      {choose && showList ? (
        <Text size="sm" fw={600} role="status" data-testid="customer-search-choose">
          {t('search.choose', { count: list.length })}
        </Text>
      ) : null}
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
              // The pointer only paints: Enter opens a suggestion chosen with the arrow keys, never one a resting mouse happens to be over.
              onMouseEnter={() => setHover(i)}
              onMouseLeave={() => setHover(-1)}
              w="100%"
              px="sm"
              py={6}
              bg={i === active ? 'var(--mantine-primary-color-light)' : i === hover ? 'var(--mantine-color-default-hover)' : undefined}
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

/** A camera, drawn as the other line icons of Mantine's buttons (no icon library in the app). */
function CameraIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M5 7h1.5l1.5-2.5h8L17.5 7H19a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z" />
      <circle cx={12} cy={13} r={3.5} />
    </svg>
  );
}
