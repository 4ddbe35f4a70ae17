// The shared client built against a loopback emulator, for the client's end-to-end tests.
import { createClient } from '../../../src/github/client';
import type { Emulator, Scenario } from '../../../emulator';

export const TOKEN = 'ghs_workflowtoken';

export function scenario(labelCount = 1): Scenario {
  return {
    tokens: {
      [TOKEN]: { kind: 'workflow', repositories: ['octo/app'], permissions: { issues: 'write', contents: 'write' } },
    },
    repositories: [
      {
        owner: 'octo',
        name: 'app',
        labels: Array.from({ length: labelCount }, (_, i) => ({ name: `label-${i}`, color: 'd73a4a' })),
      },
    ],
  };
}

export function logLines() {
  const lines: string[] = [];
  const log = {
    debug: () => {},
    info: (m: string) => lines.push(m),
    warning: (m: string) => lines.push(`warning: ${m}`),
  };
  return { lines, log };
}

export function emulatorClient(e: Emulator, extra: Partial<Parameters<typeof createClient>[0]> = {}) {
  return createClient({
    token: TOKEN,
    action: 'e2e',
    baseUrl: e.apiUrl,
    cacheDir: null,
    timeScale: e.options.timeScale ?? 1,
    ...extra,
  });
}
