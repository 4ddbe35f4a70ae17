// The operator's page (issue 36, "The operator's page"), read in Debian's chromium, headless, driven by
// `playwright-core` as test/e2e/summary/ does (no browser download: .ci/run installs the system's `chromium`).
// A running service on the embedded PostgreSQL holds a failed delivery whose error carries `<script>` and
// `<img onerror>` (GitHub's refusal message, as a hostile repository could shape it), a paused installation's
// waiting delivery and a pause whose reason is HTML: the page shows each as text (no element, no script ran), under
// a Content-Security-Policy that allows only its own style sheet (the style applies, so its hash is right), behind
// the metrics token, GET only. The retry command the page prints, run as printed, queues the failed delivery again.
// A screenshot goes to test/artifacts/operator-page.png (not committed).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/github/client/errors';
import type { TriageOptions, TriageResult } from '../../src/actions/triage/domain/engine';
import { eventually, runCli } from '../../harness/service';
import { ROOT } from '../../harness/run-bundle';
import { deliverUntilStored, nothingToDo, useInProcessService } from './in-process-service';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(ROOT, 'test', 'artifacts');
const SECRET = 'operator page secret';
const TOKEN = 'page-token-0123456789';
const HOSTILE = `Validation Failed <script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">`;
const REASON = `<b onmouseover="window.__pwned = 3">spam</b> wave`;

/** Installation 21's requests are refused by GitHub with a hostile message; 22 is paused; 23 works. */
async function engine(o: TriageOptions): Promise<TriageResult> {
  const installation = Number((o.event.payload as { installation?: { id?: number } }).installation?.id);
  if (installation === 21)
    throw new ApiError({ status: 404, method: 'POST', url: 'https://api.github.com/x', headers: {}, message: HOSTILE });
  return nothingToDo(o);
}

const svc = useInProcessService({
  secret: SECRET,
  engine,
  service: { maxAttempts: 1, metricsToken: TOKEN },
});

let browser: Browser;
beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`no browser at ${CHROMIUM}: apt-get install -y chromium (as .ci/run does), or set CHROMIUM_PATH`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function deliver(id: string, installation: number, number: number) {
  const payload = {
    action: 'opened',
    issue: { number, title: 'Crash', body: 'It crashes', state: 'open', user: { login: 'octocat' }, labels: [] },
    repository: { name: `repo${installation}`, owner: { login: 'octo' } },
    installation: { id: installation },
  };
  const answer = await deliverUntilStored(svc.url, { id, event: 'issues', payload, secret: SECRET });
  expect(answer.status).toBe(202);
}

const stateOf = async (id: string) =>
  (await svc.store.pool.query<{ state: string }>('SELECT state FROM repo_actions_deliveries WHERE id = $1', [id]))
    .rows[0]?.state;

const pageUrl = () => svc.url.replace('/api/github/webhooks', '/operator');

describe("the operator's page", () => {
  it('shows states, waiting, failures and installations; hostile text stays text; its retry command works', async () => {
    await svc.store.pool.query(
      `INSERT INTO repo_actions_pauses (scope, reason) VALUES ('installation:22', $1) ON CONFLICT DO NOTHING`,
      [REASON],
    );
    await deliver('-failing-1', 21, 1);
    await deliver('paused-1', 22, 2);
    await deliver('works-1', 23, 3);
    await eventually(async () => (await stateOf('-failing-1')) === 'failed', 30_000, 'the refused delivery failed');
    await eventually(async () => (await stateOf('works-1')) === 'done', 30_000, 'the working delivery is done');
    await eventually(
      async () =>
        (
          await svc.store.pool.query(
            `SELECT 1 FROM repo_actions_deliveries WHERE id = 'paused-1' AND history -> -1 ->> 'outcome' = 'paused'`,
          )
        ).rowCount === 1,
      30_000,
      'the paused delivery deferred',
    );

    // The gate: no token, a wrong one, and a POST are refused before anything is read.
    expect((await fetch(pageUrl())).status).toBe(403);
    expect((await fetch(pageUrl(), { headers: { authorization: 'Bearer wrong' } })).status).toBe(403);
    const post = await fetch(pageUrl(), { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(post.status).toBe(405);

    const context = await browser.newContext({
      viewport: { width: 1400, height: 1000 },
      extraHTTPHeaders: { authorization: `Bearer ${TOKEN}` },
    });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    try {
      const response = await page.goto(pageUrl());
      expect(response?.status()).toBe(200);
      const headers = response!.headers();
      expect(headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
      expect(headers['content-type']).toBe('text/html; charset=utf-8');
      expect(headers['x-content-type-options']).toBe('nosniff');

      const seen = (await page.evaluate(`({
        pwned: window.__pwned,
        scripts: document.querySelectorAll('script').length,
        images: document.querySelectorAll('img').length,
        bold: document.querySelectorAll('b').length,
        forms: document.querySelectorAll('form, button, input').length,
        links: [...document.querySelectorAll('link, a[href], iframe')].length,
        text: document.body.innerText,
        thBackground: getComputedStyle(document.querySelector('th')).backgroundColor,
        codes: [...document.querySelectorAll('code')].map((c) => c.textContent),
        headings: [...document.querySelectorAll('h2')].map((h) => h.textContent),
      })`)) as {
        pwned: unknown;
        scripts: number;
        images: number;
        bold: number;
        forms: number;
        links: number;
        text: string;
        thBackground: string;
        codes: string[];
        headings: string[];
      };
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'operator-page.png'), fullPage: true });

      // Hostile text is shown as text and nothing of it became an element or ran.
      expect(seen.pwned).toBeUndefined();
      expect([seen.scripts, seen.images, seen.bold, seen.forms, seen.links]).toEqual([0, 0, 0, 0, 0]);
      expect(seen.text).toContain('<script>window.__pwned = 1</script>');
      expect(seen.text).toContain('<img src=x onerror="window.__pwned = 2">');
      expect(seen.text).toContain(REASON);
      // The inline style sheet applied: the CSP's hash names it; nothing was refused.
      expect(seen.thBackground).toBe('rgb(246, 248, 250)');
      expect(violations).toEqual([]);

      expect(seen.headings).toEqual([
        'Deliveries by state',
        'Oldest waiting',
        'Latest failures',
        'Installations',
        'Pauses',
      ]);
      expect(seen.text).toMatch(/queued\s+1\b/);
      expect(seen.text).toMatch(/failed\s+1\b/);
      expect(seen.text).toMatch(/done\s+1\b/);
      expect(seen.text).toContain('queued (paused)');
      expect(seen.codes).toContain('repo-actions deliveries retry -- -failing-1');
      expect(seen.codes).toContain('repo-actions deliveries cancel paused-1');
      expect(seen.codes).toContain('repo-actions deliveries resume --installation 22');
      expect(seen.codes).toContain("repo-actions deliveries pause --installation 21 --reason '…'");

      // The page's retry command, run as printed (the store named by DATABASE_URL), queues the failed delivery again.
      const retry = seen.codes.find((c) => c.startsWith('repo-actions deliveries retry --'))!;
      const ran = await runCli(retry.split(' ').slice(1), { DATABASE_URL: svc.postgres.url });
      expect(ran.stdout).toContain('Queued 1 failed delivery again.');
      expect(ran.code).toBe(0);
      // Queued again (its history says so), then taken and run again by the service: a delivery that fails for good
      // may be `failed` again before a poll could see it queued, so its history is what tells.
      const outcomes = async () =>
        (
          await svc.store.pool.query<{ o: string[] }>(
            `SELECT ARRAY(SELECT e ->> 'outcome' FROM jsonb_array_elements(history) e) AS o
             FROM repo_actions_deliveries WHERE id = $1`,
            ['-failing-1'],
          )
        ).rows[0]?.o ?? [];
      expect(await outcomes()).toContain('requeued');
      await eventually(
        async () => {
          const o = await outcomes();
          return o.lastIndexOf('requeued') < o.length - 1;
        },
        30_000,
        'the retried delivery run again',
      );
    } finally {
      await context.close();
    }
  });
});
