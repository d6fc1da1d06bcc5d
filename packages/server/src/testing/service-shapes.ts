import ts from 'typescript';

/**
 * The shape of a service (docs/ARCHITECTURE.md, "Layers"): every function a `services/**\/*.service.ts`
 * file exports is `(deps, actor, input)`: its dependencies first (`Deps`, or `DbDeps` for what touches
 * only the database), then who acts (a staff `Actor`, a `ConsoleActor`, the operator's `AuditActor`, or
 * the terminal that sent a command), then the input; fewer when it needs none. Transports adapt to it.
 */
const DEPS = /^(?:Deps|DbDeps)$/;
const ACTOR = /^(?:Actor|ConsoleActor|AuditActor|TerminalRef|ReloadTerminal)\b/;

/**
 * Exported functions of service files not yet in that shape, each for its reason; the check fails on
 * one of these that now is (take it off the list) as on any other that is not.
 */
export const NOT_YET_IN_SHAPE: ReadonlyArray<{ fn: string; why: string }> = [
  { fn: 'drawer/drawer-setup.service.ts kioskDrawers', why: 'the public /drawer/list (the login page): no session, so no actor' },
  { fn: 'user/login.service.ts posLogin', why: 'before a session: no actor yet' },
  { fn: 'operator/operator.service.ts createStore', why: 'an operator step on a database; the CLI and the console each audit it in their own transaction, the seed and tests build stores with it' },
  { fn: 'operator/operator.service.ts createAccount', why: 'an operator step on a database; the CLI and the console each audit it in their own transaction, the seed and tests build stores with it' },
  { fn: 'operator/operator.service.ts addCredit', why: 'an operator step on a database; the CLI and the console each audit it in their own transaction, the seed and tests build stores with it' },
  { fn: 'operator/operator.service.ts addCompsBudget', why: 'an operator step on a database; the CLI and the console each audit it in their own transaction, the seed and tests build stores with it' },
  { fn: 'operator/operator.service.ts freezeStore', why: 'an operator step on a database; the CLI and the console each audit it in their own transaction, the seed and tests build stores with it' },
  { fn: 'operator/operator.service.ts setStoreQuota', why: 'an operator step on a database; the CLI and the console each audit it in their own transaction, the seed and tests build stores with it' },
  { fn: 'operator/operator.service.ts setDomainLayout', why: 'an operator step on a database; the CLI and the console each audit it in their own transaction, the seed and tests build stores with it' },
  { fn: 'console/console-login.service.ts consoleLogin', why: 'before a session: no actor yet' },
  { fn: 'console/console-login.service.ts consoleSecondFactor', why: 'before a session: no actor yet' },
  { fn: 'console/console-login.service.ts consoleEnrol', why: 'before a session: no actor yet' },
  { fn: 'console/platform-accounts.service.ts createPlatformAccount', why: 'the CLI\'s create-operator, on a database' },
  { fn: 'console/platform-accounts.service.ts resetPlatformAccount', why: 'the CLI\'s reset-operator, on a database' },
];

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
