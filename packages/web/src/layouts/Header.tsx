import { ActionIcon, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { kioskData } from '../auth/session';
import { BackIcon } from '../components/icons';
import { LogoutButton } from '../features/logout/LogoutButton';
import { LanguagePicker } from './LanguagePicker';

/** Header (60px): back button on small screens, 'store name (kiosk id)', account, language, logout. */
export function Header() {
  const { t } = useTranslation('layout');
  const small = useMediaQuery('(max-width: 767.98px)');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const kiosk = kioskData();
  return (
    <Group data-testid="app-header" h={60} px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" bg="var(--mantine-primary-color-filled)" c="white" gap="xs">
      <Group gap="xs" wrap="nowrap" miw={0}>
        {small && pathname !== '/' ? (
          <ActionIcon variant="white" color="dark" size="lg" onClick={() => navigate('/')} aria-label={t('backHome')} data-testid="back-home">
            <BackIcon />
          </ActionIcon>
        ) : null}
        <div style={{ minWidth: 0 }}>
          <Text fw={700} truncate data-testid="kiosk-label">
            {`${kiosk.storename} (${kiosk.kid})`}
          </Text>
          <Text size="xs" truncate data-testid="account-label">
            {t('account')}: {kiosk.account}
            {kiosk.moneybox !== -1 ? ` · ${t('drawerNo', { number: kiosk.moneybox })}` : ` · ${t('viewer')}`}
          </Text>
        </div>
      </Group>
      <Group gap={4} wrap="nowrap">
        <LanguagePicker variant="white" />
        <LogoutButton />
      </Group>
    </Group>
  );
}
