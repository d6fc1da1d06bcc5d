import { expect } from 'vitest';
import { runCli } from '../cli/main.js';
import type { TestServer } from './server.js';

/**
 * The operator's CLI run in this process over a test server's database (`prefix`: a command group such as
 * `bulletin`): `cli(...argv)` answers its exit code and what it printed; `refused(reason, ...argv)` expects the
 * command to throw with the reason in words (the entry point prints "Refused: ..." and exits 2).
 */
export function operatorCli(s: TestServer, prefix: string[] = []) {
  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const code = await runCli([...prefix, ...argv], s.handle, (l) => out.push(l));
    return { code, text: out.join('\n') };
  };
  const refused = async (reason: RegExp, ...argv: string[]) => {
    const err = await runCli([...prefix, ...argv], s.handle, () => undefined).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err, argv.join(' ')).toBeInstanceOf(Error);
    expect((err as Error).message, argv.join(' ')).toMatch(reason);
  };
  return { cli, refused };
}
