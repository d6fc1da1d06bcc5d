import { Alert, Button, Card, Group, List, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { POS_VERSION } from '@moneybox/contract/version';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { kioskData } from '../../auth/session';
import { DIALOG_WIDTH } from '../../components/message';
import { useEventReads } from '../../layouts/event-reads';
import { EntryBadges, UnreadBadge } from '../../layouts/MenuBadges';
import { groupMenu, hasUnreadEvents, type MenuGroup } from '../../layouts/menu-groups';
import { usePageTitle } from '../../layouts/page-title';
import { useMenu } from '../../layouts/useMenu';

/** Home: one tile per menu group the server lists, and the version footer. No breadcrumb here. */
export default function HomePage() {
  const { t } = useTranslation(['home', 'layout']);
  usePageTitle(t('home:title'));
  const menu = useMenu();
  const small = useMediaQuery('(max-width: 767.98px)') ?? false;
  const [open, setOpen] = useState<MenuGroup | null>(null);
  const groups = groupMenu(menu.data?.menu ?? []);
  const kiosk = kioskData();

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('home:welcome', { account: kiosk.account })}
      </Title>
      {menu.isSuccess && groups.length === 0 ? (
        <Alert color="gray" data-testid="home-empty" title={t('home:emptyTitle')}>
          {t('home:empty')}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" data-testid="home-tiles">
        {groups.map((g) => (
          <Tile key={g.id} group={g} small={small} onOpen={() => setOpen(g)} />
        ))}
      </SimpleGrid>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? t(`home:groups.${open.id}`) : ''} size={DIALOG_WIDTH} centered>
        <Stack gap="xs">
          {open?.items.map((i) => (
            <Button key={i.to} component={Link} to={i.to} variant="light" fullWidth justify="space-between" rightSection={<EntryBadges item={i} />}>
              {i.name}
            </Button>
          ))}
        </Stack>
      </Modal>
      <Card withBorder component="footer" data-testid="version-info" maw={420}>
        <List spacing={4} size="sm" listStyleType="none">
          <List.Item>
            {t('home:posVersion')}: <b>{POS_VERSION}</b>
          </List.Item>
          <List.Item>
            {t('home:serverVersion')}: <b>{menu.data?.serverVer ?? kiosk.serverVer}</b>
          </List.Item>
          <List.Item>
            {t('home:environment')}: <b>{menu.data?.env ?? kiosk.env}</b>
          </List.Item>
        </List>
      </Card>
    </Stack>
  );
}

function Tile({ group, small, onOpen }: { group: MenuGroup; small: boolean; onOpen: () => void }) {
  const { t } = useTranslation(['home', 'layout']);
  useEventReads();
  const title = t(`home:groups.${group.id}`);
  const unread = group.id === 'news' && hasUnreadEvents(group);
  const badge = unread ? <UnreadBadge /> : null;
  const single = group.items.length === 1 ? group.items[0] : undefined;
  if (single || small) {
    // One entry: the tile opens it. Several on a small screen: the tile opens a dialog listing them.
    // A one-entry tile says what is behind it, so it does not stand as an empty box beside the lists.
    const inner = (
      <>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} fz="lg">
            {title}
          </Text>
          {badge}
        </Group>
        {single ? (
          <Text c="dimmed" fz="sm" mt="xs">
            {t(`home:about.${group.id}`)}
          </Text>
        ) : null}
      </>
    );
    return single ? (
      <Card withBorder shadow="xs" padding="lg" component={Link} to={single.to} data-testid={`tile-${group.id}`}>
        {inner}
      </Card>
    ) : (
      <Card withBorder shadow="xs" padding="lg" component="button" type="button" onClick={onOpen} aria-haspopup="dialog" data-testid={`tile-${group.id}`} style={{ textAlign: 'left', cursor: 'pointer' }}>
        {inner}
      </Card>
    );
  }
  return (
    <Card withBorder shadow="xs" padding="lg" data-testid={`tile-${group.id}`}>
      <Group justify="space-between" mb="xs">
        <Text fw={700} fz="lg" component="h2">
          {title}
        </Text>
        {badge}
      </Group>
      <Stack gap={4}>
        {group.items.map((i) => (
          <Button key={i.to} component={Link} to={i.to} variant="subtle" justify="space-between" rightSection={<EntryBadges item={i} />}>
            {i.name}
          </Button>
        ))}
      </Stack>
    </Card>
  );
}

