// A realistic sample repository for `npm run demo` (and for any test that wants a lived-in repository).
import type { Scenario } from './types';

export const SAMPLE_REPO = 'acme/webapp';
/** The workflow token of the sample job: issues, pull requests and contents writable. */
export const SAMPLE_TOKEN = 'ghs_demo_workflow_token';
/** A maintainer's fine-grained token (alice, admin). */
export const SAMPLE_USER_TOKEN = 'github_pat_demo_alice';

const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n, 9, 30)).toISOString().replace('.000Z', 'Z');

const LABELS_YML = `# Labels of acme/webapp, kept in sync by the label-sync action.
labels:
  - name: bug
    color: d73a4a
    description: Something isn't working
  - name: enhancement
    color: a2eeef
    description: New feature or request
  - name: documentation
    color: 0075ca
    description: Improvements or additions to documentation
  - name: good first issue
    color: 7057ff
    description: Good for newcomers
  - name: "priority: high"
    color: b60205
    aliases: [urgent]
  - name: area/api
    color: c5def5
  - name: area/ui
    color: c5def5
`;

export function sampleScenario(): Scenario {
  return {
    tokens: {
      [SAMPLE_TOKEN]: {
        kind: 'workflow',
        repositories: [SAMPLE_REPO],
        permissions: { contents: 'write', issues: 'write', 'pull-requests': 'write', metadata: 'read' },
      },
      [SAMPLE_USER_TOKEN]: { kind: 'user', login: 'alice' },
    },
    repositories: [
      {
        owner: 'acme',
        name: 'webapp',
        description: 'The Acme web application',
        language: 'TypeScript',
        stars: 128,
        topics: ['web', 'typescript'],
        defaultBranch: 'main',
        branches: {
          main: {
            'README.md': '# webapp\n\nThe Acme web application.\n\n```sh\nnpm ci && npm start\n```\n',
            'package.json':
              JSON.stringify(
                { name: 'webapp', version: '1.2.0', type: 'module', scripts: { start: 'node dist/index.js' } },
                null,
                2,
              ) + '\n',
            'CHANGELOG.md': '# Changelog\n\n## 1.2.0\n- Faster start-up\n\n## 1.1.0\n- Dark mode\n',
            '.github/labels.yml': LABELS_YML,
            'src/index.ts': "import { app } from './server/app';\n\napp.listen(3000);\n",
            'src/server/app.ts':
              "export const app = { listen(port: number) { console.log('listening on', port); } };\n",
            'src/ui/theme.ts': 'export const theme = { dark: true };\n',
            'docs/guide.md': '# Guide\n\nStart the server with `npm start`. Teh server listens on port 3000.\n',
            'scripts/release.sh': { content: '#!/bin/sh\nset -e\nnpm run build\n', mode: '100755' },
          },
          'feature/login': {
            'src/auth/login.ts': 'export function login(user: string) {\n  return user.length > 0;\n}\n',
            'src/server/app.ts':
              "import { login } from '../auth/login';\nexport const app = { login, listen(port: number) { console.log('listening on', port); } };\n",
          },
          'docs/typo': {
            'docs/guide.md': '# Guide\n\nStart the server with `npm start`. The server listens on port 3000.\n',
          },
        },
        labels: [
          { name: 'bug', color: 'ee0701', description: null },
          { name: 'enhancement', color: 'a2eeef', description: 'New feature or request' },
          { name: 'documentation', color: '0075ca', description: 'Improvements or additions to documentation' },
          { name: 'urgent', color: 'b60205', description: 'Needs attention now' },
          { name: 'question', color: 'd876e3', description: 'Further information is requested' },
          { name: 'wontfix', color: 'ffffff', description: 'This will not be worked on' },
        ],
        issues: [
          {
            title: 'Server crashes when PORT is not a number',
            body: 'Setting `PORT=abc` crashes the server on start.',
            user: 'bob',
            labels: ['bug', 'urgent'],
            createdAt: day(1),
            comments: [{ body: 'Confirmed on 1.2.0.', user: 'carol', createdAt: day(2) }],
          },
          {
            title: 'Add a dark theme toggle',
            body: 'A button in the header to switch themes.',
            user: 'dave',
            labels: ['enhancement'],
            createdAt: day(3),
          },
          { title: 'Typo in the guide', body: 'The guide says "Teh server".', user: 'erin', createdAt: day(4) },
          {
            title: 'How do I change the port?',
            body: 'Is there an option for the port?',
            user: 'frank',
            labels: ['question'],
            createdAt: day(5),
            comments: [{ body: 'Use the PORT variable.', user: 'alice', createdAt: day(5) }],
          },
          {
            title: 'Old build instructions',
            user: 'bob',
            state: 'closed',
            labels: ['documentation'],
            createdAt: day(0),
            closedAt: day(2),
          },
          {
            title: 'Add login endpoint',
            body: 'Adds `login()` and wires it into the app.\n\nCloses #2',
            user: 'alice',
            labels: ['enhancement'],
            createdAt: day(6),
            pull: { head: 'feature/login' },
          },
          {
            title: 'Fix typo in the guide',
            body: 'Fixes #3',
            user: 'erin',
            createdAt: day(7),
            pull: { head: 'docs/typo' },
          },
          {
            title: 'Faster start-up',
            user: 'alice',
            state: 'closed',
            createdAt: day(1),
            closedAt: day(3),
            pull: {
              head: 'perf/startup',
              merged: true,
              mergedAt: day(3),
              files: [{ filename: 'src/index.ts', additions: 3, deletions: 5 }],
            },
          },
        ],
        releases: [
          {
            tag: 'v1.1.0',
            name: 'v1.1.0',
            body: '- Dark mode',
            createdAt: day(-20),
            assets: [{ name: 'webapp-1.1.0.tgz', content: 'webapp 1.1.0 tarball', contentType: 'application/gzip' }],
          },
          {
            tag: 'v1.2.0',
            name: 'v1.2.0',
            body: '- Faster start-up',
            createdAt: day(-2),
            assets: [{ name: 'webapp-1.2.0.tgz', content: 'webapp 1.2.0 tarball', contentType: 'application/gzip' }],
          },
        ],
        collaborators: { alice: 'admin', bob: 'write', carol: 'triage' },
      },
    ],
  };
}
