import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { ItemList } from './ItemList';
import { NewsItemCard } from './NewsItemCard';
import { useBulletin } from './news-api';

/** /News/view-all-news: the operator's news for this store, newest first. */
export default function ViewAllNewsPage() {
  const { t } = useTranslation(['news', 'home']);
  const q = useBulletin('/bulletin/news');
  const { diff } = useLocalTimeDiff();
  return (
    <PageFrame title={t('news:allNews')} crumbs={[{ label: t('home:groups.news') }]}>
      <ItemList loading={q.isPending} items={q.data?.list} empty={t('news:noNews')} render={(item) => <NewsItemCard key={item.id} item={item} diff={diff} />} />
    </PageFrame>
  );
}
