import { NewsItemCard } from '../../news/NewsItemCard';
import type { NewsLang } from './news-form';

/**
 * The live preview of a body being written: THE store's news card and renderer (features/news
 * NewsItemCard → NewsMarkdown: no raw HTML, rehype-sanitize), so what the operator sees is exactly
 * what a store shows. Images the body names are shown from the files chosen here (object URLs).
 */
export function NewsPreview({ lang, title, body, images }: { lang: NewsLang; title: string; body: string; images: ReadonlyArray<{ name: string; url: string }> }) {
  const item = {
    id: 0,
    title,
    date: new Date().toISOString(),
    language: lang,
    isNew: true,
    body,
    images: images.map((f, i) => ({ id: i, file_name: f.name, content_type: '', size: 0, url: f.url, download_url: f.url })),
  };
  return (
    <div data-testid={`news-preview-${lang}`}>
      <NewsItemCard item={item} diff={-new Date().getTimezoneOffset()} />
    </div>
  );
}
