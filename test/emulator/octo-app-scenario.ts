// One repository, octo/app, with what the GraphQL views of issues, pull requests and trees read: two labels, a
// milestone, a collaborator, a default branch and a topic branch, an issue with comments (one by the Actions bot)
// and a label event, a closed issue, and a draft pull request from the topic branch (#3). A test adds branches of
// its own; a workflow token `wf` reads it all.
import type { FileSeed, Scenario } from '../../emulator/types';

export function octoAppScenario(branches: Record<string, Record<string, FileSeed>> = {}): Scenario {
  return {
    tokens: {
      wf: {
        kind: 'workflow',
        repositories: ['octo/app'],
        permissions: { issues: 'read', 'pull-requests': 'read', contents: 'read' },
      },
    },
    repositories: [
      {
        owner: 'octo',
        name: 'app',
        labels: [
          { name: 'bug', color: 'd73a4a', description: 'Something is wrong' },
          { name: 'stale', color: 'ededed' },
        ],
        milestones: [{ number: 1, title: 'v2' }],
        collaborators: { mona: 'write' },
        branches: { main: { 'a.txt': 'one\n' }, topic: { 'a.txt': 'one\ntwo\nthree\n', 'b.md': 'new\n' }, ...branches },
        issues: [
          {
            title: 'Crash',
            user: 'rita',
            labels: ['bug', 'stale'],
            assignees: ['mona'],
            milestone: 'v2',
            createdAt: '2026-01-01T00:00:00Z',
            updatedAt: '2026-01-05T00:00:00Z',
            comments: [
              { body: 'same here', user: 'mona', createdAt: '2026-01-02T00:00:00Z' },
              {
                body: 'Marked stale.\n\n<!-- repo-actions:triage stale -->',
                user: 'github-actions[bot]',
                viaApp: 15368,
                createdAt: '2026-01-03T00:00:00Z',
              },
            ],
            labelEvents: [{ label: 'stale', actor: 'github-actions[bot]', createdAt: '2026-01-03T00:00:00Z' }],
          },
          { title: 'Old', state: 'closed', createdAt: '2026-01-01T00:00:00Z' },
          { title: 'Add b', user: 'mona', pull: { head: 'topic', draft: true }, createdAt: '2026-01-02T00:00:00Z' },
        ],
      },
    ],
  };
}
