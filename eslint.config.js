// ESLint (typescript-eslint's recommended rules) and the house rules that are lint rules:
// - the clock is read in one module, src/time/clock.ts: everything else is handed the time (a `now`, or a
//   `clock` to call), so tests can pin it and no result depends on the day the suite runs.
//   performance.now() stays allowed: a monotonic timer for durations, it never says what day it is;
// - raw SQL lives in src/sql/, one module per table (and src/infra/'s generic bulk writes, migrations and
//   embedded database): elsewhere, neither Prisma's raw-query methods nor a string of SQL on a table;
// - import cycles are checked by madge (`npm run check:circular`, in `npm run lint`).
// Formatting is Prettier's (.prettierrc.json), checked by `npm run lint` as well.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const CLOCK_READS = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'Read the clock in src/time/clock.ts only: take a `now` or a `clock` instead.',
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Read the clock in src/time/clock.ts only: take a `now` or a `clock` instead.',
  },
  { selector: "CallExpression[callee.name='Date']", message: 'Date() is the current time as a string: read the clock in src/time/clock.ts only.' },
];

const RAW_SQL_MESSAGE = 'Raw SQL lives in src/sql/, one module per table: call (or add) a typed function of src/sql/<table>.ts.';
/** Prisma's raw queries, outside src/sql/ and src/infra/. */
const RAW_SQL_METHODS = ['$queryRaw', '$queryRawUnsafe', '$executeRaw', '$executeRawUnsafe'].map((property) => ({ property, message: RAW_SQL_MESSAGE }));
/** A string or template holding SQL on a quoted table ("Cause", "JobRun"), for Prisma or for plain pg alike. */
const SQL_ON_A_TABLE = String.raw`/(FROM|INTO|UPDATE|JOIN)\s+"[A-Z]/`;
const RAW_SQL_STRINGS = [
  { selector: `Literal[value=${SQL_ON_A_TABLE}]`, message: RAW_SQL_MESSAGE },
  { selector: `TemplateElement[value.raw=${SQL_ON_A_TABLE}]`, message: RAW_SQL_MESSAGE },
];
/** Where raw SQL may be written. */
const SQL_HOMES = ['src/sql/**/*.ts', 'src/infra/**/*.ts'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/generated/**', 'client/generated/**', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { console: 'readonly', process: 'readonly', URL: 'readonly', fetch: 'readonly' } },
    rules: {
      // `_name` marks a binding kept on purpose (a destructured field left out, an unused parameter)
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-undef': 'off',
      // the plain-text rules and the feed renderers match control characters on purpose
      'no-control-regex': 'off',
    },
  },
  {
    // tests and scripts read JSON bodies and command output whose shape the assertion itself states
    files: ['test/**/*.ts', 'scripts/**/*.ts', 'scripts/**/*.mjs'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // the desk's and the widget's scripts run in the browser, as plain scripts
    files: ['static/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        window: 'readonly',
        document: 'readonly',
        sessionStorage: 'readonly',
        performance: 'readonly',
        setTimeout: 'readonly',
        customElements: 'readonly',
        HTMLElement: 'readonly',
      },
    },
  },
  {
    // a promise nobody awaits or catches loses its error (an unhandled rejection ends the process), and one
    // handed where a callback's result is ignored (an event listener, a timer) is the same mistake: the
    // type-aware rules see both in the service's own code
    files: ['src/**/*.ts', 'jobs/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // One `no-restricted-syntax` per file (a later entry replaces an earlier one): the clock's selectors and
  // raw SQL's together where both apply, apart where only one does.
  {
    files: ['src/**/*.ts', 'jobs/**/*.ts'],
    ignores: ['src/time/clock.ts', ...SQL_HOMES],
    rules: {
      'no-restricted-syntax': ['error', ...CLOCK_READS, ...RAW_SQL_STRINGS],
      'no-restricted-properties': ['error', ...RAW_SQL_METHODS],
    },
  },
  {
    files: SQL_HOMES,
    rules: { 'no-restricted-syntax': ['error', ...CLOCK_READS] },
  },
  {
    files: ['src/time/clock.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...RAW_SQL_STRINGS],
      'no-restricted-properties': ['error', ...RAW_SQL_METHODS],
    },
  },
);
