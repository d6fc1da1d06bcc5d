import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { NewsItem } from '@moneybox/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { languageLabels } from '../../i18n/languages';
import { NewsMarkdown } from './NewsMarkdown';
import { newsTime } from './news-time';

/** Any bulletin item (news, event item, poster, regulation): what every one has, body and images when it has them. */
type NewsCardItem = Omit<NewsItem, 'body' | 'images'> & Partial<Pick<NewsItem, 'body' | 'images'>>;

/**
 * One item's head: title, publish date in store time, the 'new' marker, and a note when the
 * operator wrote no text in the UI language (the server then serves English or the first it has).
 */
export function ItemHead({ item, diff }: { item: NewsCardItem; diff: number }) {
  const { t } = useTranslation('news');
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Title>
        {item.isNew ? (
          <Badge color="red" size="sm" mt={4} style={{ flexShrink: 0 }} data-testid="item-new">
            {t('news:new')}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        <time dateTime={item.date}>{t('news:published', { date: newsTime(item.date, diff) })}</time>
        {item.language !== currentLanguage() ? ` · ${t('news:shownIn', { language: languageLabels[item.language] })}` : null}
      </Text>
    </Stack>
  );
}

/** A news or event item: head and Markdown body. */
export function NewsItemCard({ item, diff, children }: { item: NewsCardItem; diff: number; children?: React.ReactNode }) {
  return (
    <Card withBorder padding="lg" component="article" data-testid={`news-item-${item.id}`}>
      <Stack gap="sm">
        <ItemHead item={item} diff={diff} />
        {item.body ? <NewsMarkdown body={item.body} images={item.images ?? []} /> : null}
        {children}
      </Stack>
    </Card>
  );
}
