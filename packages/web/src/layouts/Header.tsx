import { ActionIcon, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { kioskData } from '../auth/session';
import { BackIcon, MenuIcon } from '../components/icons';
import { LogoutButton } from '../features/logout/LogoutButton';
import { LanguagePicker } from './LanguagePicker';

interface HeaderProps {
  /** Opens the side menu as a drawer (below 992px, where the side menu is hidden). */
  onMenu: () => void;
  menuOpen: boolean;
}

/**
 * Header (60px): 'store name (kiosk id)', account and drawer, language, logout. Below 992px, where
 * the side menu is hidden, a menu button (the side menu as a drawer) and, but on home, the back
 * button to home (spec section 2). The store name is never cut: on a narrow screen it wraps, in a
 * smaller size, onto a second line, the kiosk id whole after it; a very long account shortens, the
 * drawer number always shows whole, and logout becomes an icon.
 */
export function Header({ onMenu, menuOpen }: HeaderProps) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const kiosk = kioskData();
  return (
    <Group data-testid="app-header" h={60} px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" bg="var(--mantine-primary-color-filled)" c="white" gap="xs">
      <Group gap={6} wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <ActionIcon hiddenFrom="md" variant="white" color="dark" size="lg" onClick={onMenu} aria-label={t('openMenu')} aria-expanded={menuOpen} data-testid="menu-button">
          <MenuIcon />
        </ActionIcon>
        {pathname !== '/' ? (
          <ActionIcon hiddenFrom="md" variant="white" color="dark" size="lg" onClick={() => navigate('/')} aria-label={t('backHome')} data-testid="back-home">
            <BackIcon />
          </ActionIcon>
        ) : null}
        <div className="mbx-header-labels">
          <div className="mbx-header-line mbx-header-store" data-testid="kiosk-label">
            <Text component="span" fw={700} inherit data-testid="store-name">
              {kiosk.storename}
            </Text>{' '}
            <Text component="span" fw={700} inherit className="mbx-keep" data-testid="kiosk-id">
              ({kiosk.kid})
            </Text>
          </div>
          <div className="mbx-header-line" data-testid="account-label">
            <Text component="span" size="xs" truncate title={kiosk.account}>
              <span className="mbx-hide-phone">{t('account')}: </span>
              {kiosk.account}
            </Text>{' '}
            <Text component="span" size="xs" className="mbx-keep" data-testid="drawer-label">
              · {kiosk.moneybox !== -1 ? t('drawerNo', { number: kiosk.moneybox }) : t('viewer')}
            </Text>
          </div>
        </div>
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <LanguagePicker variant="white" />
        <LogoutButton />
      </Group>
    </Group>
  );
}
