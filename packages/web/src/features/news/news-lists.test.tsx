import type { BulletinFile, DownloadReply, RegulationsReply } from '@moneybox/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { renderRoutes } from '../../test/render';
import PostersPage from './PostersPage';
import RegulationsPage from './RegulationsPage';
import ViewAllNewsPage from './ViewAllNewsPage';

const file = (id: number, file_name: string, content_type: string, size: number): BulletinFile => ({
  id,
  file_name,
  content_type,
  size,
  url: `/API/bulletin/file/${id}`,
  download_url: `/API/bulletin/file/${id}?download=1`,
});
const base = { date: '2026-11-20T12:00:00.000Z', language: 'en' as const, isNew: false };

/** The replies seeded in the cache as the server would send them, never refetched. */
function clientWith(path: string, reply: object) {
  const client = createQueryClient();
  client.setQueryDefaults([path], { staleTime: Infinity });
  client.setQueryDefaults(['/config/localtime'], { staleTime: Infinity });
  client.setQueryData([path, { lang: 'en' }], reply);
  client.setQueryData(['/config/localtime', {}], { status: 0, diff: 0 });
  return client;
}

describe('News lists', () => {
  it('shows posters with their picture or a document icon, type, size, and a download under the file name', async () => {
    const reply: DownloadReply = {
      status: 0,
      list: [
        { ...base, id: 3, title: 'Festival poster', isNew: true, file: file(30, 'festival.png', 'image/png', 1536), thumbnail: '/API/bulletin/file/30' },
        { ...base, id: 2, title: 'Price list', file: file(20, 'prices.pdf', 'application/pdf', 3.25 * 1024 * 1024), thumbnail: null },
      ],
    };
    await renderRoutes([{ path: '/News/download-poster', element: <PostersPage /> }], '/News/download-poster', clientWith('/bulletin/download', reply));
    const image = await screen.findByTestId('poster-3');
    expect(within(image).getByRole('img', { name: 'Festival poster' })).toHaveAttribute('src', '/API/bulletin/file/30');
    expect(within(image).getByTestId('poster-file')).toHaveTextContent('festival.png · PNG · 1.5 KB');
    expect(within(image).getByTestId('item-new')).toBeInTheDocument();
    const pdf = screen.getByTestId('poster-2');
    expect(within(pdf).getByTestId('poster-document-icon')).toBeInTheDocument();
    expect(within(pdf).queryByRole('img')).toBeNull();
    expect(within(pdf).getByTestId('poster-file')).toHaveTextContent('prices.pdf · PDF · 3.3 MB');
    const download = within(pdf).getByTestId('poster-download');
    expect(download).toHaveAttribute('href', '/API/bulletin/file/20?download=1');
    expect(download).toHaveAttribute('download', 'prices.pdf');
    expect(screen.getByTestId('breadcrumb')).toHaveTextContent('Home›Platform News›Download posters');
  });

  it('shows a regulation text in the page and its document to read or download', async () => {
    const reply: RegulationsReply = {
      status: 0,
      list: [{ ...base, id: 5, title: 'House rules', language: 'mx', body: '1. Be **18**', images: [], document: file(50, 'rules.pdf', 'application/pdf', 900) }],
    };
    await renderRoutes([{ path: '/News/regulations', element: <RegulationsPage /> }], '/News/regulations', clientWith('/bulletin/regulations', reply));
    const card = await screen.findByTestId('regulation-5');
    expect(within(card).getByRole('listitem')).toHaveTextContent('Be 18');
    expect(within(card).getByTestId('regulation-view')).toHaveAttribute('href', '/API/bulletin/file/50');
    expect(within(card).getByTestId('regulation-download')).toHaveAttribute('download', 'rules.pdf');
    expect(card).toHaveTextContent('rules.pdf · 900 B');
    // Served in Spanish because the operator wrote no English: said beside the date.
    expect(card).toHaveTextContent('Published 2026-11-20 12:00 · shown in Español (no translation yet)');
  });

  it('says so when there is nothing yet', async () => {
    await renderRoutes([{ path: '/News/view-all-news', element: <ViewAllNewsPage /> }], '/News/view-all-news', clientWith('/bulletin/news', { status: 0, list: [] }));
    expect(await screen.findByTestId('news-empty')).toHaveTextContent('No news yet.');
  });
});
