import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';


/** The terminal protocol's files: keyed by a terminal that proved its machine row and store. */
const TERMINAL_PROTOCOL = ['packages/server/src/services/terminal/**/*.ts'];

/** The HTTP adapter's calls (http/api/): call definitions, the file route, the money calls' session fast path. */
const HTTP_ADAPTERS = ['packages/server/src/http/api/**/*.ts'];

/** The operator's actions (publishing, credit, stores): they act across stores, for the CLI and the seed. */
const OPERATOR = ['packages/server/src/services/operator/**/*.ts'];

/** Services take (dependencies, actor, input) and throw transport-free refusals (docs/DECISIONS.md). */
const NO_HTTP = {
  group: ['**/http/*', '**/http'],
  message: 'transport-free code must not import http/ (the envelope, call definitions, cookies, rate limits): take (deps, actor, input) from domain/actor.ts and throw domain/status-refusal.ts',
};

/** The repositories bound to a store by repositories/store-scope.ts. */
const STORE_BOUND = {
  group: ['drawer', 'shift', 'shift-movement', 'staff', 'credit-history', 'customer', 'customer-movement', 'machine', 'enrolment-code', 'round', 'gift', 'store', 'shared-exclusion'].map((name) => `**/repositories/${name}.repository*`),
  importNamePattern: 'Repository$',
  message: 'use storeScope(db, caller.storeId) from repositories/store-scope.ts (bound to the store once)',
};

const REPORT_BOUND = {
  group: ['**/report.repository*'],
  importNamePattern: '^reportRepository$',
  message: 'use reportScope(...).reports (bound to the caller\'s store)',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'docs/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // The money core is transport-free (docs/ARCHITECTURE.md): HTTP calls, the operator CLI and the
    // terminal protocol are adapters over it, never the other way round.
    files: ['packages/server/src/money/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/http/*', '**/http'], message: 'the money core must not depend on the HTTP layer' },
            { group: ['**/cli/*', '**/cli'], message: 'the money core must not depend on the CLI' },
            { group: ['**/terminal/*', '**/api/*'], message: 'the money core must not depend on a transport or its calls' },
            { group: ['**/services/*'], message: 'the money core must not depend on the services over it' },
            { group: ['**/web/*', '@moneybox/web', '@moneybox/web/*'], message: 'the money core must not depend on the web' },
          ],
        },
      ],
    },
  },
  {
    // The operator's actions serve the CLI and the seed: words, not HTTP statuses (docs/DECISIONS.md).
    files: OPERATOR,
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/http/*', '**/http'], message: 'operator actions must not depend on the HTTP layer' },
            { group: ['**/terminal/*', '**/api/*'], message: 'operator actions must not depend on a transport or its calls' },
          ],
        },
      ],
    },
  },
  {
    // Store scoping by construction (docs/DECISIONS.md): API code reaches the store repositories only
    // through repositories/store-scope.ts, bound once to the caller's store. The terminal protocol's
    // files are keyed by a terminal that proved its row and store (docs/ARCHITECTURE.md).
    // Services are transport-free; the HTTP adapter's calls (http/api/) are store-bound too.
    files: ['packages/server/src/services/**/*.ts'],
    ignores: ['**/*.test.ts', ...TERMINAL_PROTOCOL, ...OPERATOR],
    rules: { 'no-restricted-imports': ['error', { patterns: [STORE_BOUND, NO_HTTP] }] },
  },
  {
    files: HTTP_ADAPTERS,
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [STORE_BOUND] }] },
  },
  {
    files: TERMINAL_PROTOCOL,
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_HTTP] }] },
  },
  {
    // The report services read through reportScope(...).reports, bound to the caller's store.
    files: ['packages/server/src/services/**/*.service.ts'],
    ignores: ['**/*.test.ts', ...TERMINAL_PROTOCOL, ...OPERATOR],
    rules: { 'no-restricted-imports': ['error', { patterns: [STORE_BOUND, REPORT_BOUND, NO_HTTP] }] },
  },
  {
    // The actor, the permission matrix and every query serve all transports.
    files: ['packages/server/src/domain/**/*.ts', 'packages/server/src/repositories/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_HTTP,
            { group: ['**/cli/*', '**/cli', '**/terminal/*', '**/api/*'], message: 'the domain and the repositories must not depend on a transport or its calls' },
            { group: ['**/services/*'], message: 'the domain and the repositories must not depend on the services over them' },
          ],
        },
      ],
    },
  },
);
