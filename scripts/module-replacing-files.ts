import fs from 'node:fs';
import path from 'node:path';

/**
 * The test files under `dirs` (relative to `root`) that replace a module with vi.mock. A worker that
 * runs file after file loads a module once, so a replacement would not take (or would leak into the
 * next file): these files run in workers of their own. Read from the files, so a new one needs no
 * list kept. Returned relative to `root`, with forward slashes.
 */
export function moduleReplacingFiles(root: string, dirs: readonly string[], testFile = /\.test\.tsx?$/): string[] {
  return dirs
    .flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((name) => testFile.test(name) && !name.split(path.sep).includes('node_modules'))
        .map((name) => `${dir}/${name.split(path.sep).join('/')}`),
    )
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(root, file), 'utf8')));
}
