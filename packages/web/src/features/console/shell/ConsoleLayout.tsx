import '../../../app/styles/page-styles';
import { Badge, Box, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { CONSOLE_LOGIN, clearConsoleSession, consoleSession } from '../../../auth/console-session';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { audienceReads } from '../../../api/query-keys';
import { BellIcon, LogoutIcon } from '../../../components/icons';
import { PageLoading } from '../../../components/LoadingOverlay';
import { WritesOverlay } from '../../../components/WritesOverlay';
import { LanguagePicker } from '../../../layouts/LanguagePicker';
import { ALERTS_POLL_MS, useConsoleLive } from './use-console-live';

/** The platform console's own layout (no kiosk id, no store menu): a bar with the account and the language picker, the page below. */
export default function ConsoleLayout() {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const session = consoleSession();
  useConsoleLive(session?.uid);
  const write = useWrite();
  const client = useQueryClient();
  const logout = async () => {
    // Signed out either way (a refused logout leaves nothing to keep); the console's cached reads go with the session.
    await write('/operator/logout', {}, { refetch: false }).catch(() => undefined);
    clearConsoleSession();
    client.removeQueries(audienceReads('console'));
    navigate(CONSOLE_LOGIN);
  };
  return (
    <Box mih="100vh" bg="var(--mantine-primary-color-0, var(--mantine-color-gray-0))">
      <WritesOverlay />
      {/* Nothing cut at any width or language: the title and the account's controls wrap to a second row instead. */}
      <Group component="header" mih={60} px="md" py={6} justify="space-between" bg="var(--mantine-primary-color-filled)" c="white" wrap="wrap" gap="xs">
        <Text fw={700} fz="lg" component={Link} to={session ? '/operator/stores' : CONSOLE_LOGIN} c="white" td="none" style={{ whiteSpace: 'nowrap' }}>
          {t('title')}
        </Text>
        <Group gap="xs" wrap="wrap" justify="flex-end" ml="auto">
          {session && (
            <Button component={Link} to="/operator/reports" variant="white" color="dark" size="compact-md" data-testid="console-reports-link">
              {t('crossReport.menu')}
            </Button>
          )}
          {session && <AlertCount />}
          {session && (
            <Group gap={6} wrap="nowrap" data-testid="console-account">
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {session.username}
              </Text>
              <Badge color="dark" variant="white" visibleFrom="sm">
                {t(`roles.${session.role}`)}
              </Badge>
            </Group>
          )}
          <LanguagePicker variant="white" />
          {session && (
            <Button variant="white" color="dark" size="compact-md" onClick={() => void logout()} data-testid="console-logout" leftSection={<LogoutIcon />}>
              <Box component="span" visibleFrom="sm">
                {t('logout')}
              </Box>
            </Button>
          )}
        </Group>
      </Group>
      <Box component="main" p={{ base: 'xs', sm: 'md' }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

/** The header's open alerts in the account's scope, kept current by the live socket (and a slow poll behind it); a link to the Alerts screen. */
function AlertCount() {
  const { t } = useTranslation('console');
  const count = useApiQuery('/operator/alertCount', {}, { refetchInterval: ALERTS_POLL_MS });
  const open = count.data?.open ?? 0;
  return (
    <Button
      component={Link}
      to="/operator/alerts"
      variant={open > 0 ? 'white' : 'subtle'}
      color={open > 0 ? 'red' : 'gray'}
      c={open > 0 ? 'red' : 'white'}
      size="compact-md"
      aria-label={t('alerts.count', { count: open })}
      title={t('alerts.count', { count: open })}
      data-testid="console-alert-count"
      data-count={open}
    >
      <Box component="span" visibleFrom="sm" mr={6}>
        {t('alerts.title')}
      </Box>
      {/* Word and count apart for a screen reader too: the name (aria-label) holds them in this order (axe: label-content-name-mismatch). */}{' '}
      {/* A phone has no room for the word: the bell says what the count is (its name is the aria-label). */}
      <Box component="span" hiddenFrom="sm" mr={4} display="inline-flex" data-testid="console-alert-bell">
        <BellIcon />
      </Box>
      <Badge color={open > 0 ? 'red' : 'gray'} variant="filled" circle={open < 10}>
        {open}
      </Badge>
    </Button>
  );
}
