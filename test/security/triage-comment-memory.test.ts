// Comment volume never turns into memory: an item's comments are read a page at a time, each cut to what a decision
// reads as it arrives (its text only where the engine's marker can count), and at most 30 pages are read. The
// attack: 1,500 comments of 60 kB (90 MB of text) on an item a commenting rule matches. Planned in a child process
// whose heap is bounded (--max-old-space-size=80): holding the comments would take the text's 90 MB on top of the
// client's 32 MB answer cache and the modules, and the child would die of it. The engine's own comment with its
// marker (on page 8) is still found, so the rule does not comment again. Past 30 pages the item is left alone, and
// the log says so.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/github/client';
import { planItem } from '../../src/actions/triage/domain/item-plan';
import { ruleMarker } from '../../src/actions/triage/domain/markers';
import { createReader } from '../../src/actions/triage/domain/reader';
import { config, makeItem } from '../unit/actions/triage/items';

const CHILD = fileURLToPath(new URL('./fixtures/comment-memory-child.ts', import.meta.url));
const OWN_AT = 750;
let server: Server;
let apiUrl: string;
let total = 1500;
let bodyChars = 60_000;
let requests = 0;

/** Comment `n` of the item: a stranger's large text, except the engine's own marked comment. */
function comment(n: number) {
  const own = n === OWN_AT;
  return {
    id: n,
    body: own ? `Hello\n\n${ruleMarker('greet')}` : `${n} `.padEnd(bodyChars, 'x'),
    created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    user: own ? { login: 'our-app[bot]', type: 'Bot' } : { login: `stranger${n % 7}`, type: 'User' },
    performed_via_github_app: own ? { id: 77 } : null,
    reactions: { total_count: 0, '+1': 0 },
    html_url: `https://github.com/o/r/issues/1#issuecomment-${n}`,
  };
}

function runChild(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    const url = new URL(req.url!, 'http://x');
    if (url.pathname !== '/repos/o/r/issues/1/comments') return res.writeHead(404).end('{}');
    const page = Number(url.searchParams.get('page') ?? '1');
    const pages = Math.ceil(total / 100);
    const from = (page - 1) * 100 + 1;
    const list = [];
    for (let n = from; n < from + 100 && n <= total; n++) list.push(comment(n));
    const next = new URL(url);
    next.searchParams.set('page', String(page + 1));
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(page < pages ? { link: `<${apiUrl}${next.pathname}${next.search}>; rel="next"` } : {}),
    });
    res.end(JSON.stringify(list));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('an item with many large comments', () => {
  it('1,500 comments of 60 kB are planned under an 80 MB heap, the own marker found', async () => {
    total = 1500;
    bodyChars = 60_000;
    requests = 0;
    // Asynchronously: the API answering it runs in this process.
    const run = await runChild(['--max-old-space-size=80', '--import', 'tsx', CHILD, apiUrl]);
    expect(run.stderr).not.toMatch(/heap out of memory/i);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
    // Every page was read (the marker is on page 8 of 15), and the rule's comment is not made again.
    expect(requests).toBe(15);
    expect(result.ops).toEqual([]);
    expect(result.warnings).toEqual([]);
    // The text read was 90 MB; the heap grew by less than half of it at its peak (about 20 MB measured; holding
    // every comment, 81 MB).
    expect(result.peakMb - result.baseMb).toBeLessThan(40);
  }, 150_000);

  it('past 30 pages the item is left alone and the log says so', async () => {
    total = 3050;
    bodyChars = 10;
    requests = 0;
    const client = createClient({ token: 'ghs_memory_test', action: 'security', baseUrl: apiUrl, cacheDir: null });
    const rules = config('rules:\n  - id: greet\n    if: { type: issue }\n    then: { comment: Hello }\n').rules ?? [];
    const warnings: string[] = [];
    const log = { debug: () => {}, info: () => {}, warning: (m: string) => warnings.push(m) };
    const ops = await planItem(
      { item: makeItem({ number: 1, comments: total }), rules },
      { reader: createReader(client, { owner: 'o', repo: 'r' }), log, identity: { appId: 77, login: 'our-app[bot]' } },
    );
    expect(ops).toEqual([]);
    expect(warnings).toEqual(['#1 has more than 3000 comments (30 pages read at most): left alone.']);
    expect(requests).toBe(31);
  });
});
