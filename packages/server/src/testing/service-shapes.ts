import ts from 'typescript';

/**
 * The shape of a service (docs/ARCHITECTURE.md, "Layers"): every function a `services/**\/*.service.ts`
 * file exports is `(deps, actor, input)`: its dependencies first (`Deps`, or `DbDeps` for what touches
 * only the database), then who acts (a staff `Actor`, a `ConsoleActor`, the operator's `AuditActor`, a
 * `PlatformActor` (either of the last two: the operator's steps), the terminal that sent a command, or a
 * `Visitor`: an anonymous caller at an address before any session, at the logins and the public drawer
 * list), then the input; fewer when it needs none. Transports adapt to it.
 */
const DEPS = /^(?:Deps|DbDeps)$/;
const ACTOR = /^(?:Actor|ConsoleActor|AuditActor|PlatformActor|Visitor|TerminalRef|ReloadTerminal)\b/;

/**
 * Exported functions of service files not yet in that shape, each for its reason; the check fails on
 * one of these that now is (take it off the list) as on any other that is not. Empty: every one is.
 */
export const NOT_YET_IN_SHAPE: ReadonlyArray<{ fn: string; why: string }> = [];

/** `file fn: (params)` for each exported function of a service file (path under services/) out of shape. */
export function servicesOutOfShape(sources: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [file, text] of sources) {
    if (!/^services\/.*\.service\.ts$/.test(file)) continue;
    const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const { name, params } of exportedFunctions(src)) {
      const types = params.map((p) => p.type?.getText(src) ?? '?');
      const ok = types.length >= 1 && types.length <= 3 && DEPS.test(types[0]!) && (types.length < 2 || ACTOR.test(types[1]!)) && params.every((p) => !p.initializer);
      if (!ok) out.push(`${file.slice('services/'.length)} ${name}: (${types.join(', ')})`);
    }
  }
  return out.sort();
}

/** The functions a file exports: `export function f(...)` and `export const f = (...) => ...` (or a function expression). */
function exportedFunctions(src: ts.SourceFile): { name: string; params: readonly ts.ParameterDeclaration[] }[] {
  const out: { name: string; params: readonly ts.ParameterDeclaration[] }[] = [];
  for (const st of src.statements) {
    if (!ts.canHaveModifiers(st) || !ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isFunctionDeclaration(st) && st.name) out.push({ name: st.name.text, params: st.parameters });
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      const init = d.initializer;
      if (ts.isIdentifier(d.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) out.push({ name: d.name.text, params: init.parameters });
    }
  }
  return out;
}

/** Where the SEED actor (whose operator steps write no audit row) may be named: the demo seed, the test harness, and where it is defined and honoured. */
const SEED_PLACES = ['cli/seed/', 'testing/', 'services/audit/audit.ts', 'services/operator/step-audit.ts'];

/** `file:line` of each source file outside those places that names SEED (so a transport cannot take a step unaudited). */
export function seedNamedOutside(sources: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [file, text] of sources) {
    if (SEED_PLACES.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p))) continue;
    text.split('\n').forEach((line, i) => {
      if (/\bSEED\b/.test(line)) out.push(`${file}:${i + 1}`);
    });
  }
  return out.sort();
}
