import { Button, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { useApiQuery } from '../../../api/hooks';
import { callKey } from '../../../api/query-keys';
import { useDocumentTitle } from '../../../layouts/page-title';
import { useMoney } from '../../../money/useMoney';
import { downloadCsv } from '../../reports/csv';
import { kindKey } from '../../staff/activity-labels';
import { ActionAlert } from '../shell/ActionAlert';
import { auditDiff, diffText, type DiffWords, type LineWords } from './audit-diff';
import { AUDIT_KIND_GROUPS, AUDIT_KINDS, auditInput, NO_AUDIT_FILTER, periodReversed, type AuditFilter } from './audit-filter';
import { consoleTime } from '../shell/console-time';
import { ConsoleTable } from '../shell/ConsoleTable';

/** Rows asked for at a time ("Show older" asks for the next page by its cursor). */
const AUDIT_PAGE_ROWS = 50;

/**
 * /operator/audit: the audit trail of the account's scope (who, what, before and after in words),
 * newest first, a page at a time, filtered by account, store, action and period; the filtered trail as CSV.
 */
export default function ConsoleAuditPage() {
  const { t, i18n } = useTranslation(['console', 'staff']);
  useDocumentTitle(t('console:audit.title'));
  const { money } = useMoney();
  const [draft, setDraft] = useState<AuditFilter>(NO_AUDIT_FILTER);
  const [filter, setFilter] = useState<AuditFilter>(NO_AUDIT_FILTER);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [truncated, setTruncated] = useState<number | null>(null);
  const stores = useApiQuery('/operator/stores');
  const input = auditInput(filter);
  const q = useInfiniteQuery({
    queryKey: callKey('/operator/audit', input),
    queryFn: ({ pageParam }) => call('/operator/audit', { ...input, limit: AUDIT_PAGE_ROWS, ...(pageParam !== undefined && { before_id: pageParam }) }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    retry: false,
  });
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];

  const labelOf = (prefix: string, key: string, fallback: string) => (i18n.exists(`${prefix}${key}`) ? t(`${prefix}${key}`) : fallback);
  const kindLabel = (kind: string) => labelOf('staff:', kindKey(kind), kind);
  const roleLabel = (role: string) => labelOf('staff:roles.', role, role);
  const words: DiffWords = { label: (f) => labelOf('console:audit.fields.', f, f), money, none: t('console:audit.none'), yes: t('console:audit.yes'), no: t('console:audit.no') };
  const lineWords: LineWords = { value: (label, value) => t('console:audit.lineValue', { label, value }), change: (label, from, to) => t('console:audit.lineChange', { label, from, to }) };
  const set = (k: keyof AuditFilter) => (e: { currentTarget: { value: string } }) => setDraft({ ...draft, [k]: e.currentTarget.value });
  const reversed = periodReversed(draft);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (reversed) return;
    setFilter(draft);
    setTruncated(null);
  };
  const clear = () => {
    setDraft(NO_AUDIT_FILTER);
    setFilter(NO_AUDIT_FILTER);
    setTruncated(null);
  };
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const r = await call('/operator/auditExport', input);
      downloadCsv(`audit-${filter.from || 'start'}-${filter.to || 'now'}.csv`, `\ufeff${r.csv}`);
      setTruncated(r.truncated ? r.rows : null);
    } catch (err) {
      setExportError(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <Title order={1} fz="h3">
        {t('console:audit.title')}
      </Title>
      <form onSubmit={apply} data-testid="audit-filters">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="sm">
          <TextInput label={t('console:audit.account')} placeholder={t('console:audit.accountHint')} value={draft.who} onChange={set('who')} maxLength={200} data-testid="audit-who" />
          <NativeSelect
            label={t('console:audit.store')}
            value={draft.kid}
            onChange={set('kid')}
            data={[{ value: '', label: t('console:audit.allStores') }, ...(stores.data?.list ?? []).map((s) => ({ value: String(s.kid), label: `${s.name} (${s.kid})` }))]}
            data-testid="audit-store"
          />
          <NativeSelect
            label={t('console:audit.action')}
            value={draft.kind}
            onChange={set('kind')}
            data={[
              { value: '', label: t('console:audit.allActions') },
              { group: t('staff:groupsLabel'), items: AUDIT_KIND_GROUPS.map((g) => ({ value: g, label: labelOf('staff:groups.', g, g) })) },
              { group: t('staff:kindsLabel'), items: AUDIT_KINDS.map((k) => ({ value: k, label: kindLabel(k) })) },
            ]}
            data-testid="audit-kind"
          />
          <TextInput type="date" label={t('console:audit.from')} value={draft.from} max={draft.to || undefined} onChange={set('from')} data-testid="audit-from" />
          <TextInput type="date" label={t('console:audit.to')} value={draft.to} min={draft.from || undefined} onChange={set('to')} error={reversed ? t('console:audit.toBeforeFrom') : undefined} data-testid="audit-to" />
        </SimpleGrid>
        <Group gap="sm" mt="sm" wrap="wrap">
          <Button type="submit" disabled={reversed} data-testid="audit-apply">
            {t('console:audit.apply')}
          </Button>
          <Button variant="default" onClick={clear} data-testid="audit-clear">
            {t('console:audit.clear')}
          </Button>
          <Button variant="light" onClick={() => void exportCsv()} loading={exporting} data-testid="audit-export">
            {t('console:audit.export')}
          </Button>
        </Group>
      </form>
      <ActionAlert error={q.error?.message ?? exportError} testId="audit-error" />
      {truncated !== null && (
        <Text fz="sm" fw={600} role="status" data-testid="audit-truncated">
          {t('console:audit.truncated', { count: truncated })}
        </Text>
      )}
      {q.data && (
        <Text fz="sm" c="dimmed" data-testid="audit-count">
          {rows.length === 0 ? t('console:audit.noRows') : t(q.hasNextPage ? 'console:audit.shownMore' : 'console:audit.shown', { count: rows.length })}
        </Text>
      )}
      <ConsoleTable minWidth={760} testId="console-audit" head={[t('console:audit.at'), t('console:audit.store'), t('console:audit.who'), t('console:audit.what'), t('console:audit.change')]}>
        {rows.map((r) => (
          <Table.Tr key={r.id} data-kind={r.kind}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{consoleTime(r.at)}</Table.Td>
            <Table.Td>{r.kid ?? t('console:alerts.platform')}</Table.Td>
            <Table.Td>
              {r.who}
              <Text fz="xs" c="dimmed">
                {roleLabel(r.role)}
              </Text>
            </Table.Td>
            <Table.Td>
              {kindLabel(r.kind)}
              {r.target && (
                <Text fz="xs" c="dimmed">
                  {r.target}
                </Text>
              )}
            </Table.Td>
            <Table.Td maw={420} data-testid="audit-change">
              {auditDiff(r.kind, r.before, r.after, words).map((l) => (
                <Text key={l.field} fz="xs" style={{ wordBreak: 'break-word' }}>
                  {diffText(l, lineWords)}
                </Text>
              ))}
            </Table.Td>
          </Table.Tr>
        ))}
      </ConsoleTable>
      {q.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage} data-testid="audit-more">
            {t('console:audit.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
