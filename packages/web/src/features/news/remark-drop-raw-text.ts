/**
 * Raw HTML never renders in a body (no rehype-raw), but inline tags are separate nodes from the
 * text between them, so `<script>alert(1)</script>` would still show "alert(1)" as words. This
 * remark step drops the text inside elements whose content is code or markup rather than prose
 * (script, style, iframe, ...), so a hostile body shows neither the tag nor what it tried to run.
 */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

const CONTAINERS = 'script|style|iframe|noscript|textarea|title|xmp|template|object|svg|math';
const OPEN = new RegExp(`^<(${CONTAINERS})(?=[\\s/>])[^>]*>$`, 'i');

function strip(node: MdNode): void {
  if (!node.children) return;
  const kept: MdNode[] = [];
  let closing: RegExp | null = null;
  for (const child of node.children) {
    if (closing) {
      if (child.type === 'html' && closing.test(child.value ?? '')) closing = null;
      continue;
    }
    const open = child.type === 'html' ? OPEN.exec(child.value ?? '') : null;
    if (open && !/\/>$/.test(child.value ?? '')) {
      closing = new RegExp(`</${open[1]}\\s*>`, 'i');
      continue;
    }
    strip(child);
    kept.push(child);
  }
  node.children = kept;
}

export function remarkDropRawText() {
  return (tree: MdNode) => strip(tree);
}
