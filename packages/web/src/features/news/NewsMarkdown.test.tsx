import { MantineProvider } from '@mantine/core';
import type { BulletinFile } from '@moneybox/contract';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mantineTheme } from '../../theme/themes';
import { NewsMarkdown } from './NewsMarkdown';

const file = (id: number, file_name: string): BulletinFile => ({
  id,
  file_name,
  content_type: 'image/png',
  size: 100,
  url: `/API/bulletin/file/${id}`,
  download_url: `/API/bulletin/file/${id}?download=1`,
});

function show(body: string, images: BulletinFile[] = []) {
  const { container } = render(
    <MantineProvider theme={mantineTheme('bluegreen')} env="test">
      <NewsMarkdown body={body} images={images} />
    </MantineProvider>,
  );
  return container.querySelector('[data-testid="news-body"]')!;
}

/** Every attribute of every element, to look for anything a browser would run. */
function attributes(root: Element): Array<[string, string, string]> {
  return [...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a): [string, string, string] => [el.tagName.toLowerCase(), a.name, a.value]));
}

function expectInert(root: Element) {
  expect(root.querySelectorAll('script, iframe, object, embed, svg, style, form, base, meta, link').length).toBe(0);
  for (const [tag, name, value] of attributes(root)) {
    expect(name, `${tag} ${name}`).not.toMatch(/^on/i);
    expect(name, `${tag} ${name}`).not.toBe('srcdoc');
    if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name)) expect(value, `${tag} ${name}`).not.toMatch(/^\s*(javascript|data|vbscript):/i);
  }
}

describe('NewsMarkdown: operator bodies rendered safely', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders headings, lists, emphasis and links', () => {
    const root = show('# Big news\n\n## What is new\n\n- one\n- **two**\n\n1. first\n\nSee [support](https://example.com/help).');
    // Under the page's h1 and the item's h2 title.
    expect(root.querySelector('h3')).toHaveTextContent('Big news');
    expect(root.querySelector('h4')).toHaveTextContent('What is new');
    expect(root.querySelector('h1, h2')).toBeNull();
    expect([...root.querySelectorAll('ul li')].map((l) => l.textContent)).toEqual(['one', 'two']);
    expect(root.querySelector('ol li')).toHaveTextContent('first');
    expect(root.querySelector('strong')).toHaveTextContent('two');
    const a = root.querySelector('a')!;
    expect(a).toHaveAttribute('href', 'https://example.com/help');
    // Out of the app in a new tab, without a handle back to it.
    expect(a).toHaveAttribute('target', '_blank');
    expect(a.getAttribute('rel')).toContain('noopener');
  });

  it("ranks a body's headings from h3 down without a gap, whatever levels the operator wrote (axe: heading-order)", () => {
    const root = show('## Starts at two\n\n#### Skips three\n\n## Again two\n\n###### Six');
    expect([...root.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => `${h.tagName}:${h.textContent}`)).toEqual(['H3:Starts at two', 'H4:Skips three', 'H3:Again two', 'H5:Six']);
  });

  it("shows a body's images through the item's files, by the name the operator wrote", () => {
    const root = show('![map](img/map.png)\n\n![spaced](<my map.png>)\n\n![missing](other.png)\n\n![far](https://cdn.example.com/x.png)', [file(7, 'img/map.png'), file(8, 'my map.png')]);
    const imgs = [...root.querySelectorAll('img')];
    expect(imgs.map((i) => [i.getAttribute('alt'), i.getAttribute('src')])).toEqual([
      ['map', '/API/bulletin/file/7'],
      ['spaced', '/API/bulletin/file/8'],
      ['far', 'https://cdn.example.com/x.png'],
    ]);
    // A relative name without a file would only point into the app: its alt text instead.
    expect(root).toHaveTextContent('missing');
  });

  it('never lets raw HTML, scripts, event handlers, javascript: links or SVG through', () => {
    const hostile = [
      '# Hello <script>window.pwned = 1</script>',
      '<img src="x" onerror="window.pwned = 2">',
      '<a href="javascript:window.pwned=3" onclick="window.pwned=4">click me</a>',
      '[a link](javascript:window.pwned=5) and [another](JaVaScRiPt:alert(1)) and [data](data:text/html,<script>alert(1)</script>)',
      '![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+)',
      '<svg onload="window.pwned=6"><script>window.pwned=7</script></svg>',
      '<iframe srcdoc="<script>parent.pwned=8</script>"></iframe>',
      '<style>body{display:none}</style><form action="javascript:alert(1)"><button>go</button></form>',
      '[ref link][x]\n\n[x]: javascript:alert(9)',
      '<div style="background:url(javascript:alert(10))" id="root">clobber</div>',
    ].join('\n\n');
    const root = show(hostile);
    expectInert(root);
    expect(root.querySelector('#root')).toBeNull();
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
    // The prose is still readable; neither the markup nor the code it carried is shown.
    expect(root).toHaveTextContent('Hello');
    expect(root).toHaveTextContent('a link');
    expect(root).toHaveTextContent('click me');
    expect(root.textContent).not.toMatch(/pwned|alert|display:none/);
  });

  it("keeps a heading's id from clobbering the page's globals", () => {
    const root = show('<h1 id="location">x</h1>\n\n[x](#location)');
    for (const [, name, value] of attributes(root)) if (name === 'id' || name === 'name') expect(value).toMatch(/^user-content-/);
  });
});
