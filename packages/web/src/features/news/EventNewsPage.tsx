import { Text } from '@mantine/core';
import { EVENT_NAME } from '@moneybox/contract/news-links';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pageGone } from '../../api/call';
import { PageFrame } from '../../components/PageFrame';
import { markEventRead } from '../../layouts/event-reads';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { newsTime } from './news-time';
import { ItemList } from './ItemList';
import { NewsItemCard } from './NewsItemCard';
import { useBulletin } from './news-api';

/**
 * /News/event-news?eventName={name}: one running event's title, period and items. Showing them
 * marks the event read in local storage (spec section 4), which clears its '!' badges. A removed or
 * ended event answers 404: the call's handler alerts and goes to All news (spec section 8); a link
 * without a valid event name goes the same way without asking.
 */
export default function EventNewsPage() {
  const { t } = useTranslation(['news', 'home']);
  const [params] = useSearchParams();
  const name = params.get('eventName') ?? '';
  const valid = EVENT_NAME.test(name);
  const q = useBulletin('/bulletin/event_news', { event_name: name }, valid);
  const { diff } = useLocalTimeDiff();

  useEffect(() => {
    if (!valid) void pageGone();
  }, [valid]);

  const reply = q.data;
  useEffect(() => {
    if (reply) markEventRead(reply.name, reply.items.map((i) => i.id));
  }, [reply]);

  return (
    <PageFrame
      title={reply?.title ?? t('news:eventNews')}
      crumbs={[{ label: t('home:groups.news') }]}
      actions={
        reply ? (
          <Text size="sm" c="dimmed" data-testid="event-period">
            {t('news:period', { start: newsTime(reply.period.start, diff), end: newsTime(reply.period.end, diff) })}
          </Text>
        ) : null
      }
    >
      <ItemList loading={valid && q.isPending} items={reply?.items} empty={t('news:noEventNews')} render={(item) => <NewsItemCard key={item.id} item={item} diff={diff} />} />
    </PageFrame>
  );
}
