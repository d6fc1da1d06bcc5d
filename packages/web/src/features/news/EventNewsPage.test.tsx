import type { EventNewsReply } from '@moneybox/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../app/navigation';
import { isEventUnread } from '../../layouts/event-reads';
import { renderRoutes } from '../../test/render';
import EventNewsPage from './EventNewsPage';

const shown: string[] = [];
vi.mock('../../components/message', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../components/message')>()),
  messageBox: (text: string) => {
    shown.push(text);
    return Promise.resolve();
  },
}));
/** The server as the page meets it: a reply per path, and the paths asked. */
const replies = new Map<string, Record<string, unknown>>();
const asked: string[] = [];
vi.mock('../../api/transport', () => ({
  post: (path: string) => {
    asked.push(path);
    return Promise.resolve(replies.get(path) ?? { status: 0, diff: 0 });
  },
}));

const reply: EventNewsReply = {
  status: 0,
  name: 'winter-festival',
  title: 'Winter Festival',
  period: { start: '2026-11-20T00:00:00.000Z', end: '2026-12-20T00:00:00.000Z' },
  items: [
    { id: 12, title: 'Jackpot night', date: '2026-11-23T18:00:00.000Z', language: 'en', isNew: true, body: 'Friday **20:00**', images: [] },
    { id: 9, title: 'Festival starts', date: '2026-11-20T09:00:00.000Z', language: 'en', isNew: false, body: '- double entries', images: [] },
  ],
};

const routes = [{ path: '/News/event-news', element: <EventNewsPage /> }];

describe('Event news page', () => {
  const went: string[] = [];
  beforeEach(() => {
    shown.length = 0;
    went.length = 0;
    replies.clear();
    asked.length = 0;
    setNavigator((to) => went.push(to));
  });
  afterEach(() => setNavigator(() => {}));

  it("shows the event's title, period and items, and marks the event read", async () => {
    replies.set('/bulletin/event_news', reply);
    replies.set('/config/localtime', { status: 0, diff: -300 });
    expect(isEventUnread('winter-festival', [12, 9])).toBe(true);
    await renderRoutes(routes, '/News/event-news?eventName=winter-festival');
    await screen.findByRole('heading', { name: 'Winter Festival', level: 1 });
    // Store time: diff -300 minutes (once /config/localtime has answered).
    await waitFor(() => expect(screen.getByTestId('event-period')).toHaveTextContent('Running from 2026-11-19 19:00 until 2026-12-19 19:00'));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Jackpot night', 'Festival starts']);
    expect(screen.getByTestId('news-item-12')).toHaveTextContent('Published 2026-11-23 13:00');
    expect(screen.getAllByTestId('item-new')).toHaveLength(1);
    await waitFor(() => expect(isEventUnread('winter-festival', [12, 9])).toBe(false));
    // A later item is unread again.
    expect(isEventUnread('winter-festival', [15, 12, 9])).toBe(true);
  });

  it('alerts and goes to All news when the event is gone (404)', async () => {
    replies.set('/bulletin/event_news', { status: 404 });
    await renderRoutes(routes, '/News/event-news?eventName=ended-event');
    await waitFor(() => expect(went).toEqual(['/News/view-all-news']));
    expect(shown).toEqual(['Page no longer available']);
    expect(asked).toContain('/bulletin/event_news');
    expect(isEventUnread('ended-event', [1])).toBe(true);
  });

  it('goes the same way for a link without a valid event name, without asking the server', async () => {
    await renderRoutes(routes, '/News/event-news?eventName=..%2Fetc');
    await waitFor(() => expect(went).toEqual(['/News/view-all-news']));
    expect(shown).toEqual(['Page no longer available']);
    expect(asked).not.toContain('/bulletin/event_news');
  });
});
