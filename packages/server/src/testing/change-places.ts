/**
 * Where a service may open a transaction or tell the live screens by hand (architecture.test.ts): only
 * services/change.ts, the one runner (`runChange`: transaction, audit rows, what moved told after the
 * commit). The files below still do it themselves, each for its reason; the list only shrinks, and a
 * new file that opens its own transaction or notes by hand fails the test.
 */
export const OWN_TRANSACTIONS_NOT_YET_IN_RUNNER: ReadonlyArray<{ file: string; why: string }> = [
  { file: 'alerts/alert-sweep.ts', why: 'a background sweep with no actor: raises and clears alerts under a lock' },
  { file: 'console/console-login.service.ts', why: 'sign-in steps audit as the account signing in, before it has a session' },
  { file: 'report/daily-totals.ts', why: 'a background refresh of derived totals: no actor, no audit' },
  { file: 'terminal/terminal-hello.ts', why: 'a terminal\'s hello: no staff actor' },
  { file: 'user/login.service.ts', why: 'a login: the account acting for itself before it has a session' },
];

/** Empty: a money movement tells the live screens through the money core's event after commit (money/money-observer.ts). */
export const HAND_NOTES_NOT_YET_IN_RUNNER: ReadonlyArray<{ file: string; why: string }> = [];

/** A transaction opened (kysely's own, or db/database.ts `inTransaction`), and a live note placed. */
export const OPENS = /\.transaction\(\)|\binTransaction\(/;
export const NOTES = /\blive\??\.note\(/;

/**
 * `file:line` of each place under services/ that opens a transaction or notes the live screens itself,
 * outside services/change.ts and the files listed. `sources`: path under src/ → text (serverSources).
 */
export function changesOutsideRunner(
  sources: Map<string, string>,
  opens: ReadonlyArray<{ file: string }> = OWN_TRANSACTIONS_NOT_YET_IN_RUNNER,
  notes: ReadonlyArray<{ file: string }> = HAND_NOTES_NOT_YET_IN_RUNNER,
): string[] {
  const out: string[] = [];
  for (const [file, text] of sources) {
    if (!file.startsWith('services/') || file === 'services/change.ts') continue;
    const inner = file.slice('services/'.length);
    const mayOpen = opens.some((o) => o.file === inner);
    const mayNote = notes.some((n) => n.file === inner);
    text.split('\n').forEach((line, i) => {
      if (line.trimStart().startsWith('//') || line.trimStart().startsWith('*')) return;
      if ((OPENS.test(line) && !mayOpen) || (NOTES.test(line) && !mayNote)) out.push(`${file}:${i + 1}`);
    });
  }
  return out.sort();
}
