import { Button, Card, Center, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Poster } from '@moneybox/contract';
import { useTranslation } from 'react-i18next';
import { DocumentIcon } from '../../components/icons';
import { PageFrame } from '../../components/PageFrame';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { ItemList } from './ItemList';
import { ItemHead } from './NewsItemCard';
import { fileSize } from './human-size';
import { useBulletin } from './news-api';

const THUMB_HEIGHT = 180;

/** /News/download-poster: posters to print, each with a picture, title, size, and a download under its file name. */
export default function PostersPage() {
  const { t } = useTranslation(['news', 'home']);
  const q = useBulletin('/bulletin/download');
  const { diff } = useLocalTimeDiff();
  return (
    <PageFrame title={t('news:posters')} crumbs={[{ label: t('home:groups.news') }]}>
      <ItemList
        loading={q.isPending}
        items={q.data?.list}
        empty={t('news:noPosters')}
        render={(p) => <PosterCard key={p.id} poster={p} diff={diff} />}
        layout={(cards) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="poster-list">
            {cards}
          </SimpleGrid>
        )}
      />
    </PageFrame>
  );
}

function PosterCard({ poster, diff }: { poster: Poster; diff: number }) {
  const { t } = useTranslation('news');
  const { file } = poster;
  const kind = file.content_type === 'application/pdf' ? 'PDF' : file.content_type.replace(/^image\//, '').toUpperCase();
  return (
    <Card withBorder padding="md" component="article" data-testid={`poster-${poster.id}`}>
      <Card.Section>
        <a href={file.url} target="_blank" rel="noopener noreferrer" aria-label={t('news:open', { name: file.file_name })}>
          {poster.thumbnail ? (
            <Image src={poster.thumbnail} alt={poster.title} h={THUMB_HEIGHT} fit="contain" bg="gray.1" loading="lazy" />
          ) : (
            <Center h={THUMB_HEIGHT} bg="gray.1" c="gray.6" data-testid="poster-document-icon">
              <DocumentIcon size={64} />
            </Center>
          )}
        </a>
      </Card.Section>
      <Stack gap="xs" mt="md">
        <ItemHead item={poster} diff={diff} />
        <Text size="sm" data-testid="poster-file">
          {file.file_name} · {kind} · {fileSize(file.size)}
        </Text>
        <Group gap="xs">
          <Button component="a" href={file.download_url} download={file.file_name} data-testid="poster-download">
            {t('news:download')}
          </Button>
          <Button component="a" href={file.url} target="_blank" rel="noopener noreferrer" variant="default">
            {t('news:view')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
