import { Button, Card, Stack, Text, Title } from '@mantine/core';
import type { ConsolePath } from '@moneybox/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiQuery } from '../../../api/hooks';
import { consoleSession } from '../../../auth/console-session';
import { PageLoading } from '../../../components/LoadingOverlay';
import { useDocumentTitle } from '../../../layouts/page-title';

/**
 * The console pages not every role may use, each with the call it needs (its read, or the write that is
 * the page's whole purpose). Whether a role may make that call is the contract's CONSOLE_CALLS `who`
 * alone: no list of roles here.
 */
export const CONSOLE_PAGE_NEEDS = {
  '/operator/stores/new': '/operator/storeCreate',
  '/operator/accounts': '/operator/accounts',
  '/operator/settings': '/operator/webhooks',
} as const satisfies Record<string, ConsolePath>;
export type GuardedPage = keyof typeof CONSOLE_PAGE_NEEDS;

/**
 * Whether the signed-in account's role may make a console call: the server's permission matrix (the
 * contract's CONSOLE_CALLS `who`), as `/operator/me` lists the account's calls. Undefined until known.
 * The one rule the console's pages and links ask, so no page keeps a list of roles of its own.
 */
export function useConsoleMay(): (path: ConsolePath) => boolean | undefined {
  // Keyed by the account too: a tab signed in anew as another account never reads the last one's calls.
  const uid = consoleSession()?.uid;
  const me = useApiQuery('/operator/me', {}, { staleTime: Infinity, enabled: uid !== undefined, key: [uid] });
  const calls = me.data?.calls;
  return (path) => (calls === undefined ? undefined : calls.includes(path));
}

/** Whether the account may open a guarded page (its link is shown only then). */
export function useConsoleMayOpen(): (page: GuardedPage) => boolean | undefined {
  const may = useConsoleMay();
  return (page) => may(CONSOLE_PAGE_NEEDS[page]);
}

/** A guarded console page: another role reads "not for your role" instead of a form refused on submit. */
export default function ConsoleGuard({ page, children }: { page: GuardedPage; children: ReactNode }) {
  const may = useConsoleMayOpen()(page);
  if (may === undefined) return <PageLoading />;
  return may ? children : <NotForRole />;
}

function NotForRole() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('notForRole.title'));
  const role = consoleSession()?.role;
  return (
    <Card withBorder padding="lg" maw={640} mx="auto" data-testid="console-not-for-role">
      <Stack gap="sm" align="flex-start">
        <Title order={1} fz="h3">
          {t('notForRole.title')}
        </Title>
        <Text>{t('notForRole.body', { role: role ? t(`roles.${role}`) : '' })}</Text>
        <Button component={Link} to="/operator/stores" variant="default">
          {t('backToStores')}
        </Button>
      </Stack>
    </Card>
  );
}
