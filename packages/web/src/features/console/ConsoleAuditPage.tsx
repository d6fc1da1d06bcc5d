import { Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { callKey } from '../../api/query-keys';
import { useDocumentTitle } from '../../layouts/page-title';
import { consoleTime } from './console-time';
import { ConsoleTable } from './ConsoleTable';

type Row = Awaited<ReturnType<typeof call<'/operator/audit'>>>['list'][number];

/** Before and after of an audit row, compact: `field: before → after`. */
function change(r: Row): string {
  const before = (r.before ?? {}) as Record<string, unknown>;
  const after = (r.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((k) => (k in before ? `${k}: ${JSON.stringify(before[k])} → ${JSON.stringify(after[k])}` : `${k}: ${JSON.stringify(after[k])}`)).join('; ');
}

/** /operator/audit: the audit trail of the account's scope (who, what, before and after), newest first, a page at a time. */
export default function ConsoleAuditPage() {
  const { t, i18n } = useTranslation(['console', 'staff']);
  useDocumentTitle(t('console:audit.title'));
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  const last = pages[pages.length - 1];
  const q = useQuery({ queryKey: callKey('/operator/audit', {}, pages), queryFn: async () => (await Promise.all(pages.map((before_id) => call('/operator/audit', before_id === undefined ? {} : { before_id })))).flatMap((r) => r.list), retry: false });
  const rows = q.data ?? [];
  const kindLabel = (kind: string) => {
    const key = `staff:kinds.${kind.replaceAll('.', '_')}`;
    return i18n.exists(key) ? t(key) : kind;
  };
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Title order={1} fz="h3">
        {t('console:audit.title')}
      </Title>
      <ConsoleTable minWidth={760} testId="console-audit" head={[t('console:audit.at'), t('console:audit.store'), t('console:audit.who'), t('console:audit.what'), t('console:audit.change')]}>
        {rows.map((r) => (
          <Table.Tr key={r.id} data-kind={r.kind}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{consoleTime(r.at)}</Table.Td>
            <Table.Td>{r.kid ?? t('console:alerts.platform')}</Table.Td>
            <Table.Td>
              {r.who}
              <Text fz="xs" c="dimmed">
                {r.role}
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
            <Table.Td maw={420}>
              <Code fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {change(r)}
              </Code>
            </Table.Td>
          </Table.Tr>
        ))}
      
      </ConsoleTable>
      {rows.length > 0 && rows.length % 200 === 0 && last !== rows[rows.length - 1]!.id && (
        <Group justify="center">
          <Button variant="default" onClick={() => setPages([...pages, rows[rows.length - 1]!.id])}>
            {t('console:audit.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
