import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../../scripts/server-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('the Node flags every server process runs with (scripts/server-node-flags.mjs)', () => {
  it('are the flags of the README systemd unit, so a production server runs as npm start and the bench do', () => {
    const execStart = read('README.md')
      .split('\n')
      .find((l) => l.startsWith('ExecStart=/usr/bin/node'));
    expect(execStart).toBeDefined();
    for (const flag of SERVER_NODE_FLAGS) expect(execStart).toContain(` ${flag} `);
  });

  it('are passed by npm start, npm run bench and the test servers', () => {
    for (const file of ['scripts/start.mjs', 'scripts/bench.mjs', 'packages/server/src/testing/server-process.ts']) {
      expect(read(file), file).toMatch(/spawn\(process\.execPath, \[\.\.\.SERVER_NODE_FLAGS,/);
    }
  });

  it('give V8 a young generation of 64 MiB semi-spaces', () => {
    // Short-lived garbage until the new space has grown as far as it may: the flag sets the ceiling.
    const script = "let k=[];for(let i=0;i<4e6;i++){k.push({i});if(k.length>300000)k=[]}console.log(require('v8').getHeapSpaceStatistics().find(s=>s.space_name==='new_space').space_size)";
    const grown = (flags: string[]) => Number(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' }));
    // Node 20 and 22 grow it to 32 MiB without the flag (Node 24's default already reaches 64).
    expect(grown(SERVER_NODE_FLAGS)).toBeGreaterThanOrEqual(64 * 1024 * 1024);
  });
});
