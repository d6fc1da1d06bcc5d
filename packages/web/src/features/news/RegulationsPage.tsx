import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Regulation } from '@moneybox/contract';
import { useTranslation } from 'react-i18next';
import { DocumentIcon } from '../../components/icons';
import { PageFrame } from '../../components/PageFrame';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { ItemList } from './ItemList';
import { ItemHead } from './NewsItemCard';
import { NewsMarkdown } from './NewsMarkdown';
import { fileSize } from './human-size';
import { useBulletin } from './news-api';

/** /News/regulations: the regulations in force; the text reads in the page, the document opens or downloads. */
export default function RegulationsPage() {
  const { t } = useTranslation(['news', 'home']);
  const q = useBulletin('/bulletin/regulations');
  const { diff } = useLocalTimeDiff();
  return (
    <PageFrame title={t('news:regulations')} crumbs={[{ label: t('home:groups.news') }]}>
      <ItemList loading={q.isPending} items={q.data?.list} empty={t('news:noRegulations')} render={(r) => <RegulationCard key={r.id} regulation={r} diff={diff} />} />
    </PageFrame>
  );
}

function RegulationCard({ regulation, diff }: { regulation: Regulation; diff: number }) {
  const { t } = useTranslation('news');
  const doc = regulation.document;
  return (
    <Card withBorder padding="lg" component="article" data-testid={`regulation-${regulation.id}`}>
      <Stack gap="sm">
        <ItemHead item={regulation} diff={diff} />
        {regulation.body ? <NewsMarkdown body={regulation.body} images={regulation.images} /> : null}
        {doc ? (
          <Card withBorder padding="sm" bg="gray.0">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm" wrap="nowrap" c="gray.7">
                <DocumentIcon size={32} />
                <Text size="sm" c="dark" style={{ overflowWrap: 'anywhere' }}>
                  {doc.file_name} · {fileSize(doc.size)}
                </Text>
              </Group>
              <Group gap="xs">
                <Button component="a" href={doc.url} target="_blank" rel="noopener noreferrer" variant="default" data-testid="regulation-view">
                  {t('news:readDocument')}
                </Button>
                <Button component="a" href={doc.download_url} download={doc.file_name} data-testid="regulation-download">
                  {t('news:download')}
                </Button>
              </Group>
            </Group>
          </Card>
        ) : null}
      </Stack>
    </Card>
  );
}
