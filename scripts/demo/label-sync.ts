// `npm run demo` steps of label-sync on the sample repository: the plan in a dry run (prune on), the sync (one list
// request, the writes as a burst, `urgent` renamed so its issue keeps it), and the file read from the repository
// through the contents API, already in line.
import type { DemoStep } from '../../bench/types';

export const steps: DemoStep[] = [
  {
    action: 'label-sync',
    title: 'dry run with prune: the plan, nothing written',
    checkout: true,
    inputs: { prune: true, 'dry-run': true },
  },
  {
    action: 'label-sync',
    title: 'sync .github/labels.yml (prune off, wontfix and question kept)',
    checkout: true,
  },
  {
    action: 'label-sync',
    title: 'the same file read through the contents API: already in line',
    inputs: { 'config-repository': 'acme/webapp', 'config-ref': 'main' },
  },
];
