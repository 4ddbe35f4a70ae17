// Webhook payloads about octo/app's issues, as GitHub sends them, shared by the service tests.

/** An `issues.edited` payload of issue `number` in octo/app, edit `i` (a second later each). */
export function editedIssue(number: number, i: number) {
  return {
    action: 'edited',
    issue: {
      number,
      title: `Crash ${number}`,
      body: `edit ${i}`,
      state: 'open',
      updated_at: new Date(Date.UTC(2026, 10, 24, 12, 0, i)).toISOString(),
      user: { login: 'octocat' },
      labels: [],
    },
    changes: { body: { from: '' } },
    repository: { name: 'app', owner: { login: 'octo' } },
  };
}
