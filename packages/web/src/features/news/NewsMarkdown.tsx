import { Typography } from '@mantine/core';
import type { BulletinFile } from '@moneybox/contract';
import Markdown, { defaultUrlTransform, type Components, type UrlTransform } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import { remarkDropRawText } from './remark-drop-raw-text';

/**
 * An operator's Markdown body, rendered safely (docs/DECISIONS.md "Platform news"): no raw HTML
 * (react-markdown without rehype-raw drops it), then rehype-sanitize's GitHub schema (no event
 * handlers, no `javascript:` or `data:` URLs, ids prefixed so a body cannot clobber the page's). So a
 * `<script>`, `onerror=`, `javascript:` link or inline SVG in a body never runs.
 *
 * Images: a body names its files as the operator wrote them (`![map](img/map.png)`); `images` maps
 * those names to the server's URLs. A relative reference with no such file is dropped (it would only
 * resolve against this page's address); absolute http(s) images and links stay.
 */
function imageUrls(images: readonly BulletinFile[]): Map<string, string> {
  const byName = new Map<string, string>();
  for (const f of images) {
    byName.set(f.file_name, f.url);
    // Markdown keeps a destination percent-encoded (`my%20map.png`); the file is named as written.
    byName.set(encodeURI(f.file_name), f.url);
  }
  return byName;
}

function urlTransformFor(images: readonly BulletinFile[]): UrlTransform {
  const byName = imageUrls(images);
  return (url, key, node) => {
    const safe = defaultUrlTransform(url);
    if (key === 'src' && node.tagName === 'img') {
      const mapped = byName.get(url);
      if (mapped !== undefined) return mapped;
      return /^https?:\/\//i.test(safe) ? safe : null;
    }
    return safe;
  };
}

/**
 * Links leave the app in a new tab, never with access to it. An image without a usable source shows
 * its alt text.
 */
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
  img: ({ node: _node, src, alt }) => (src ? <img src={src} alt={alt ?? ''} loading="lazy" style={{ maxWidth: '100%', height: 'auto' }} /> : <span>{alt}</span>),
};

interface HeadingNode {
  type: string;
  depth?: number;
  children?: HeadingNode[];
}

/**
 * A body's headings rank under the page's h1 and the item's h2 title: the body's highest level is an
 * h3, each next level one below (at most h6), whatever levels the operator wrote, so a body that starts
 * at `##` or skips one never jumps a level (axe: heading-order) nor outranks its item.
 */
export function remarkHeadingRanks() {
  return (tree: HeadingNode) => {
    const headings: HeadingNode[] = [];
    const walk = (n: HeadingNode) => {
      if (n.type === 'heading') headings.push(n);
      n.children?.forEach(walk);
    };
    walk(tree);
    const levels = [...new Set(headings.map((h) => h.depth!))].sort((a, b) => a - b);
    for (const h of headings) h.depth = Math.min(3 + levels.indexOf(h.depth!), 6);
  };
}

export function NewsMarkdown({ body, images = [] }: { body: string; images?: readonly BulletinFile[] }) {
  return (
    <Typography data-testid="news-body">
      <Markdown remarkPlugins={[remarkDropRawText, remarkHeadingRanks]} rehypePlugins={[rehypeSanitize]} urlTransform={urlTransformFor(images)} components={components}>
        {body}
      </Markdown>
    </Typography>
  );
}
