import { Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useEventReads } from './event-reads';
import { EntryBadges, UnreadBadge } from './MenuBadges';
import { groupMenu, hasUnreadEvents } from './menu-groups';
import { useMenu } from './useMenu';

/** The side menu (250px, wide screens only): the server's menu entries by group, with 'new' badges and the '!' of unread event news. */
export function SideMenu() {
  const { t } = useTranslation(['layout', 'home']);
  const menu = useMenu();
  const location = useLocation();
  useEventReads();
  const groups = groupMenu(menu.data?.menu ?? []);
  const current = `${location.pathname}${location.search}`;
  return (
    <ScrollArea component="nav" aria-label={t('sideMenu')} h="100%">
      <Stack gap={0} p="xs">
        <NavLink component={Link} to="/" label={t('home')} active={location.pathname === '/'} />
        {groups.map((g) => (
          <div key={g.id}>
            <Group gap={6} px="sm" pt="md" pb={4} wrap="nowrap">
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                {t(`home:groups.${g.id}`)}
              </Text>
              {g.id === 'news' && hasUnreadEvents(g) ? <UnreadBadge size="xs" /> : null}
            </Group>
            {g.items.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.name}
                active={current === item.to || location.pathname === item.to}
                rightSection={<EntryBadges item={item} />}
              />
            ))}
          </div>
        ))}
      </Stack>
    </ScrollArea>
  );
}
