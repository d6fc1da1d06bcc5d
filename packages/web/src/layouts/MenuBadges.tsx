import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEventReads } from './event-reads';
import { isUnread, type MenuItem } from './menu-groups';

/** The '!' of unread event news (spec section 2): Home's Platform News tile and the side menu. */
export function UnreadBadge({ size = 'md' }: { size?: 'xs' | 'md' }) {
  const { t } = useTranslation('home');
  return (
    <Badge color="red" circle size={size} aria-label={t('home:unread')} title={t('home:unread')} data-testid="unread-badge">
      !
    </Badge>
  );
}

/** A menu entry's badges: 'new' (items published in the last days) and, on an event, '!' while unread. */
export function EntryBadges({ item }: { item: MenuItem }) {
  const { t } = useTranslation('layout');
  useEventReads();
  const unread = isUnread(item);
  if (!item.isNew && !unread) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {item.isNew ? (
        <Badge size="xs" color="red" data-testid="new-badge">
          {t('layout:new')}
        </Badge>
      ) : null}
      {unread ? <UnreadBadge size="xs" /> : null}
    </Group>
  );
}
