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
  ...(extra.ignores ? { ignores: extra.ignores } : {}),
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
    files: ['src/github/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { house: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'house/no-import-cycle': 'error' },
  },
  // github/ imports nothing of ours; kernel/ only github/; an action kernel/ and github/ (its main.ts also the
  // Actions runner's host, which runs it); the registry nothing; the hosts all of those, never each other, except
  // the command line, which starts every host.
  boundary(['src/github/**/*.ts'], ['kernel', 'hosts', 'actions'], 'src/github imports nothing of ours.'),
  boundary(['src/kernel/**/*.ts'], ['hosts', 'actions'], 'src/kernel imports only src/github.'),
  boundary(
    ['src/actions/index.ts'],
    ['kernel', 'github', 'hosts', ...ACTIONS],
    'The registry imports nothing of ours.',
    {
      patterns: [{ regex: '^\\./(?!actions\\.json$)', message: 'The registry imports nothing of ours.' }],
    },
  ),
  ...ACTIONS.map((action) =>
    boundary(
      [`src/actions/${action}/**/*.ts`],
      ['hosts', 'actions', ...ACTIONS.filter((a) => a !== action)],
      'An action imports only src/kernel and src/github, never another action or a host.',
      { ignores: [`src/actions/${action}/main.ts`] },
    ),
  ),
  boundary(
    ACTIONS.map((a) => `src/actions/${a}/main.ts`),
    ['hosts/service', 'hosts/cli', 'actions', ...ACTIONS],
    "An action's main.ts is its Actions-runner entry: it imports its own run.ts and the runner's host only.",
  ),
  boundary(
    ['src/hosts/actions-runner/**/*.ts'],
    ['service', 'cli', 'hosts', 'actions', ...ACTIONS],
    'The Actions runner host imports only src/kernel and src/github (an action hands it its run).',
  ),
  boundary(
    ['src/hosts/service/**/*.ts'],
    ['cli', 'actions-runner', 'hosts', ...ACTIONS.filter((a) => a !== 'triage').map((a) => `actions/${a}`)],
    'src/hosts/service may import the registry, src/actions/triage, src/kernel and src/github only.',
  ),
  {
    // Planners are pure: types only from the client, no I/O.
    files: ACTIONS.map((a) => `src/actions/${a}/plan.ts`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: reaching(['github']),
              allowTypeImports: true,
              message: 'A planner takes only types from src/github.',
            },
            {
              regex: reaching(['hosts', 'actions', ...ACTIONS]),
              message: 'An action imports only src/kernel and src/github.',
            },
            { regex: '^(node:|@actions/|@octokit/)', message: 'A planner is pure: no I/O.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/hosts/actions-runner/**', 'src/hosts/cli/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment in a host: src/hosts/actions-runner (ActionContext) or src/hosts/cli.',
        },
      ],
    },
  },
  {
    // Text for the runner's log goes through core's escaping (src/kernel/runner-log.ts): no other module writes log
    // lines, annotations or groups itself, and the command line prints through src/hosts/cli/terminal.ts.
    files: ['src/**/*.ts'],
    ignores: ['src/kernel/runner-log.ts', 'src/hosts/cli/terminal.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='core'][callee.property.name=/^(info|debug|warning|error|notice|setFailed|startGroup|endGroup|group)$/]",
          message: 'Log through ctx.log or runnerLog (src/kernel/runner-log.ts): it neutralises workflow commands.',
        },
        {
          selector:
            "ImportDeclaration[source.value='@actions/core'] ImportSpecifier[imported.name=/^(info|debug|warning|error|notice|setFailed|startGroup|endGroup|group)$/]",
          message: 'Log through ctx.log or runnerLog (src/kernel/runner-log.ts): it neutralises workflow commands.',
        },
        {
          selector: "MemberExpression[object.name='console']",
          message:
            'Log through ctx.log or runnerLog (src/kernel/runner-log.ts), print through src/hosts/cli/terminal.ts.',
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
              regex: '(^|/)src/(?!hosts/service/store/embedded-postgres$)',
              message: 'The harness models the runner from the Actions docs; it never imports the product.',
            },
          ],
        },
      ],
    },
  },
);
