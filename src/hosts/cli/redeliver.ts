// `repo-actions redeliver --since 2h`: after a receiver outage GitHub keeps its delivery log but replays nothing.
// This reads the App's log (`GET /app/hook/deliveries`, authenticated as the App with a JWT), finds the
// deliveries (by X-GitHub-Delivery guid) of the period that never got a 2xx, and asks GitHub to send each again
// (`POST /app/hook/deliveries/{id}/attempts`). The plan is printed first; `--dry-run` stops there. The receiver
// deduplicates, so redelivering one that did arrive after all costs a 202 and no work.
import { declared } from '../../github/client/declared';
import { reads } from '../service/reads';
import { writes } from '../service/writes';
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { flagProblem } from './flag-problem';
import { createClient } from '../../github/client';
import { timeScaleOf } from '../actions-runner/environment';
import { messageOf, plural } from '../../kernel/words';
import { terminalText } from './terminal';
import { appJwt } from '../service/app-token-provider';

export const REDELIVER_USAGE = `Usage: repo-actions redeliver --since 2h [options]

Asks GitHub to redeliver the App's webhook deliveries of the period that never got a 2xx answer.

Options:
  --since duration       how far back: 90m, 2h, 3d (GitHub keeps the log for 3 days)
  --app-id id            the App (or GITHUB_APP_ID)
  --private-key-file f   the App's private key (PEM); or --private-key-env NAME (default GITHUB_APP_PRIVATE_KEY)
  --api-url url          the API base (default GITHUB_API_URL or https://api.github.com)
  --dry-run              list what would be redelivered, ask for nothing`;

const Flags = z.object({
  since: z.string().regex(/^\d+(\.\d+)?[mhd]$/, 'must be a duration such as 90m, 2h or 3d'),
  'app-id': z.string().regex(/^\d+$/, 'must be the numeric App id'),
  'private-key-file': z.string().min(1).optional(),
  'private-key-env': z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
  'api-url': z.url().optional(),
  'dry-run': z.boolean(),
  help: z.boolean(),
});

const Attempt = z.looseObject({
  id: z.number(),
  guid: z.string(),
  delivered_at: z.string(),
  redelivery: z.boolean(),
  status_code: z.number(),
  event: z.string(),
  action: z.string().nullable().optional(),
});
type Attempt = z.output<typeof Attempt>;

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Guids whose attempts in the period all failed, each with its latest attempt (the one to redeliver). */
export function undelivered(attempts: Attempt[], sinceMs: number): Attempt[] {
  const byGuid = new Map<string, Attempt[]>();
  for (const a of attempts) byGuid.set(a.guid, [...(byGuid.get(a.guid) ?? []), a]);
  const out: Attempt[] = [];
  for (const list of byGuid.values()) {
    if (list.some((a) => a.status_code >= 200 && a.status_code < 300)) continue;
    const first = Math.min(...list.map((a) => Date.parse(a.delivered_at)));
    if (first < sinceMs) continue;
    out.push(list.reduce((latest, a) => (a.id > latest.id ? a : latest)));
  }
  return out.sort((a, b) => a.id - b.id);
}

export async function redeliverCommand(argv: string[]): Promise<number> {
  let flags: z.output<typeof Flags>;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        since: { type: 'string' },
        'app-id': { type: 'string' },
        'private-key-file': { type: 'string' },
        'private-key-env': { type: 'string', default: 'GITHUB_APP_PRIVATE_KEY' },
        'api-url': { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
    if (values.help) {
      process.stdout.write(`${REDELIVER_USAGE}\n`);
      return 0;
    }
    flags = Flags.parse({ ...values, 'app-id': values['app-id'] ?? process.env.GITHUB_APP_ID });
  } catch (err) {
    process.stderr.write(`repo-actions redeliver: ${flagProblem(err)}\n\n${REDELIVER_USAGE}\n`);
    return 2;
  }
  const pem = flags['private-key-file']
    ? readFileSync(flags['private-key-file'], 'utf8')
    : (process.env[flags['private-key-env']] ?? '');
  if (!pem) {
    process.stderr.write(
      `repo-actions redeliver: set the App's private key in ${flags['private-key-env']} or give --private-key-file\n`,
    );
    return 2;
  }
  const apiUrl = (flags['api-url'] ?? process.env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, '');
  const amount = Number(flags.since.slice(0, -1));
  const sinceMs = Date.now() - amount * UNIT_MS[flags.since.slice(-1) as keyof typeof UNIT_MS];
  const timeScale = timeScaleOf(process.env);
  const client = createClient({
    token: appJwt(flags['app-id'], createPrivateKey(pem), Date.now()),
    action: 'redeliver',
    baseUrl: apiUrl,
    cacheDir: null,
    timeScale,
  });
  try {
    // Newest first: stop at the first page that reaches before the period.
    const attempts: Attempt[] = [];
    for await (const page of client.pages<unknown>('GET /app/hook/deliveries', {
      request: declared(reads.deliveries),
    })) {
      const parsed = page.map((a) => Attempt.parse(a));
      attempts.push(...parsed);
      if (parsed.some((a) => Date.parse(a.delivered_at) < sinceMs)) break;
    }
    const todo = undelivered(attempts, sinceMs);
    process.stdout.write(
      `${plural(attempts.length, 'attempt')} in the log; ${plural(todo.length, 'delivery', 'deliveries')} since ${new Date(sinceMs).toISOString()} never got a 2xx${todo.length ? ':' : '.'}\n`,
    );
    for (const a of todo)
      process.stdout.write(
        terminalText(
          `  ${a.guid}  ${a.action ? `${a.event}.${a.action}` : a.event}  last status ${a.status_code || 'none'}`,
        ) + '\n',
      );
    if (flags['dry-run'] || todo.length === 0) return 0;
    let failed = 0;
    for (const a of todo) {
      try {
        await client.octokit.request('POST /app/hook/deliveries/{delivery_id}/attempts', {
          delivery_id: a.id,
          request: declared(writes.redeliver),
        });
      } catch (err) {
        failed++;
        process.stderr.write(`repo-actions redeliver: ${terminalText(`${a.guid}: ${messageOf(err)}`)}\n`);
      }
    }
    process.stdout.write(`Asked GitHub to redeliver ${plural(todo.length - failed, 'delivery', 'deliveries')}.\n`);
    return failed ? 1 : 0;
  } catch (err) {
    process.stderr.write(`repo-actions redeliver: ${terminalText(messageOf(err))}\n`);
    return 1;
  }
}
