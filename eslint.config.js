import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import noImportCycle from './scripts/eslint/no-import-cycle.js';

/** Every action: the registry (src/actions/actions.json, read as JSON as scripts/build.mjs reads it). */
const ACTIONS = JSON.parse(
  readFileSync(join(import.meta.dirname, 'src', 'actions', 'actions.json'), 'utf8'),
).actions.map((action) => action.name);

/** A relative import that reaches one of `folders` from anywhere below src/. */
const reaching = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;

/** The layering of src/ (see src/README.md): who may import whom. */
const boundary = (files, folders, message, extra = {}) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { patterns: [{ regex: reaching(folders), message }, ...(extra.patterns ?? [])] },
    ],
  },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // Type-checked rules on the shipped code. The client is typed at its boundary (Octokit's EndpointDefaults /
  // OctokitResponse<unknown>, lists typed by route), so no `any` flows out of it: the whole `no-unsafe-*` family is an
  // error everywhere, and the `any` type itself inside the client.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ['src/**/*.ts'] })),
  {
    files: ['src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      // Header values (string | number | string[]) and parsed JSON are turned into text explicitly.
      '@typescript-eslint/no-base-to-string': 'error',
      // Synchronous implementations of async interfaces (static token providers) are fine.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/client/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { house: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'house/no-import-cycle': 'error' },
  },
  boundary(
    ['src/client/**/*.ts'],
    ['core', 'webhooks', 'cli', 'actions', ...ACTIONS],
    'src/client imports nothing of ours.',
  ),
  boundary(['src/core/**/*.ts'], ['webhooks', 'cli', 'actions', ...ACTIONS], 'src/core imports only src/client.'),
  // The registry (src/actions/) is a leaf: it imports no action, and only src/cli and src/webhooks read it.
  boundary(
    ['src/actions/**/*.ts'],
    ['core', 'client', 'webhooks', 'cli', ...ACTIONS],
    'src/actions imports nothing of ours.',
  ),
  ...ACTIONS.map((action) =>
    boundary(
      [`src/${action}/**/*.ts`],
      ['webhooks', 'cli', 'actions', ...ACTIONS.filter((a) => a !== action)],
      'An action imports only src/core and src/client, never another action.',
    ),
  ),
  boundary(
    ['src/webhooks/**/*.ts'],
    ['cli', ...ACTIONS.filter((a) => a !== 'triage')],
    'src/webhooks may import src/triage, src/core and src/client only.',
  ),
  {
    // Planners are pure: types only from the client, no I/O.
    files: ACTIONS.map((a) => `src/${a}/plan.ts`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: reaching(['client']),
              allowTypeImports: true,
              message: 'A planner takes only types from the client.',
            },
            {
              regex: reaching(['webhooks', 'cli', ...ACTIONS]),
              message: 'An action imports only src/core and src/client.',
            },
            { regex: '^(node:|@actions/|@octokit/)', message: 'A planner is pure: no I/O.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/core/**', 'src/cli/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment in src/core (ActionContext) or src/cli.' },
      ],
    },
  },
  {
    // Text for the runner's log goes through core's escaping (src/core/runner-log.ts): no other module writes log
    // lines, annotations or groups itself, and the command line prints through src/cli/terminal.ts.
    files: ['src/**/*.ts'],
    ignores: ['src/core/runner-log.ts', 'src/cli/terminal.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='core'][callee.property.name=/^(info|debug|warning|error|notice|setFailed|startGroup|endGroup|group)$/]",
          message: 'Log through ctx.log or runnerLog (src/core/runner-log.ts): it neutralises workflow commands.',
        },
        {
          selector:
            "ImportDeclaration[source.value='@actions/core'] ImportSpecifier[imported.name=/^(info|debug|warning|error|notice|setFailed|startGroup|endGroup|group)$/]",
          message: 'Log through ctx.log or runnerLog (src/core/runner-log.ts): it neutralises workflow commands.',
        },
        {
          selector: "MemberExpression[object.name='console']",
          message: 'Log through ctx.log or runnerLog (src/core/runner-log.ts), print through src/cli/terminal.ts.',
        },
      ],
    },
  },
  {
    // The API emulator models GitHub from evidence; it never imports the product.
    files: ['emulator/**/*.ts', 'test/emulator/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)src/', message: 'The emulator models GitHub from evidence; it never imports the product.' },
          ],
        },
      ],
    },
  },
  {
    // The product's tooling (the GraphQL generator, the build) takes its model of GitHub from GitHub's published
    // documents, never from the emulator, the independent model the product is tested against. The emulator's
    // launcher and the demo run the emulator: they are its own tools.
    files: ['tools/**/*.{ts,js,mjs}', 'scripts/**/*.{ts,js,mjs}'],
    ignores: ['scripts/emulator.ts', 'scripts/emulator/**', 'scripts/demo.ts', 'scripts/demo/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+emulator(/|$)',
              message: "The product's tooling models GitHub from GitHub's documents; it never imports the emulator.",
            },
          ],
        },
      ],
    },
  },
  {
    // The harness runs the product's bundles as the runner does and reads what they write as the Actions docs define
    // it, so it shares no parser with the product. The one import it keeps is the PostgreSQL starter, which is
    // infrastructure for the service tests, not a judge of the product's output.
    files: ['harness/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(?!webhooks/store/embedded-postgres$)',
              message: 'The harness models the runner from the Actions docs; it never imports the product.',
            },
          ],
        },
      ],
    },
  },
);
