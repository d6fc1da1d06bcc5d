import { describe, expect, it } from 'vitest';
import { eventMenuLink, eventNewsRequest, eventOfMenuLink, eventScreenLink, newsRequest } from './bulletin.js';

describe('bulletin contract', () => {
  it('takes every language code the clients use and serves English when none is given', () => {
    const base = { UID: 1, TOKEN: 't' };
    expect(newsRequest.parse({ ...base }).lang).toBe('en');
    expect(newsRequest.parse({ ...base, lang: 'es' }).lang).toBe('mx');
    expect(newsRequest.parse({ ...base, lang: 'mx' }).lang).toBe('mx');
    expect(newsRequest.parse({ ...base, lang: 'cn' }).lang).toBe('zh_Hans');
    expect(newsRequest.parse({ ...base, lang: 'zh_Hans' }).lang).toBe('zh_Hans');
    expect(newsRequest.safeParse({ ...base, lang: 'fr' }).success).toBe(false);
  });

  it('keeps event names plain, so links and read flags need no escaping', () => {
    const base = { UID: 1, TOKEN: 't' };
    expect(eventNewsRequest.safeParse({ ...base, event_name: 'summer-2026' }).success).toBe(true);
    for (const bad of ['', '../x', 'a/b', 'a b', '<script>', 'x'.repeat(65)]) {
      expect(eventNewsRequest.safeParse({ ...base, event_name: bad }).success, bad).toBe(false);
    }
  });

  it('links a dynamic menu entry to its event and back', () => {
    expect(eventMenuLink('summer')).toBe('/News/event_news/summer');
    expect(eventOfMenuLink('/News/event_news/summer')).toBe('summer');
    expect(eventOfMenuLink('/News/view-all-news')).toBeUndefined();
    expect(eventOfMenuLink('/News/event_news/a/b')).toBeUndefined();
    expect(eventScreenLink('summer')).toBe('/News/event-news?eventName=summer');
  });
});
