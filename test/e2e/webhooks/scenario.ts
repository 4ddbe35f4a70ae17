// The repository, tokens and triage config of the webhook end-to-end tests, the service tests and the bench.
import type { Emulator, Scenario } from '../../../emulator';

export const REPO = 'octo/app';
export const APP_TOKEN = 'ghs_webhook_installation';
export const INSTALLATION_ID = 4242;
export const USER_TOKEN = 'ghp_alice';
export const SECRET = 'webhook secret for the e2e tests';

export const CONFIG = `# triage rules applied by the webhook receiver
rules:
  - id: crash
    if: { type: issue, title: '/\\bcrash/i' }
    then: { add-labels: [bug] }
  - id: question
    if: { type: issue, body: '/how do i/i' }
    then:
      add-labels: [question]
      comment: Thanks for asking! Someone will answer soon.
  - id: docs
    if: { type: pull_request, title: '/^docs:/' }
    then: { add-labels: [documentation] }
commands:
  permission: write
`;

/** An installation token of the App (issues and pull requests write, contents read) and alice, an admin. */
export function webhookScenario(extraFiles: Record<string, string> = {}): Scenario {
  return {
    tokens: {
      [APP_TOKEN]: {
        kind: 'installation',
        login: 'triage-app[bot]',
        repositories: [REPO, 'octo/broken'],
        permissions: { issues: 'write', 'pull-requests': 'write', contents: 'read' },
      },
      [USER_TOKEN]: { kind: 'user', login: 'alice' },
    },
    repositories: [
      {
        owner: 'octo',
        name: 'app',
        branches: { main: { 'README.md': '# app\n', '.github/triage.yml': CONFIG, ...extraFiles } },
        labels: [
          { name: 'bug', color: 'd73a4a' },
          { name: 'question', color: 'cc317c' },
          // Triage adds only labels the repository has (a missing one is skipped with a warning).
          { name: 'triaged', color: 'ededed' },
          { name: 'documentation', color: '0075ca' },
        ],
        collaborators: { alice: 'admin', rita: 'read' },
      },
      {
        owner: 'octo',
        name: 'broken',
        // Line 4: a rule without `then`.
        branches: { main: { '.github/triage.yml': 'rules:\n  - id: crash\n    if: { title: crash }\n    then: {}\n' } },
        collaborators: { alice: 'admin' },
        labels: [{ name: 'bug', color: 'd73a4a' }],
      },
    ],
  };
}

/** A request to the emulator's API as alice (or another token). */
export async function api(emu: Emulator, method: string, path: string, body?: unknown, token = USER_TOKEN) {
  const res = await fetch(`${emu.apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'user-agent': 'webhooks-e2e',
      accept: 'application/vnd.github+json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
