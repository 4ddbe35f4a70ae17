// `repo-actions serve` as a child process against the emulator (its embedded PostgreSQL): it answers the
// emulator's ping, labels an opened issue, and on SIGTERM drains: the listener closes, running jobs finish, then it
// exits 0; jobs that outlast --shutdown-timeout stay queued and run after a restart. The secret and the token never appear in its
// output.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { runningEmbeddedUrl } from '../../../src/hosts/service/store/embedded-postgres';
import { createEmulator, type Emulator } from '../../../emulator';
import { ROOT } from '../../../harness/run-bundle';
import { postDelivery } from '../../../harness/service';
import { api, APP_TOKEN, REPO, SECRET, webhookScenario } from './scenario';

let emu: Emulator | undefined;
let child: ChildProcess | undefined;
let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'serve-e2e-'));
});
afterEach(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await emu?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Waits (20 s at most) until the count of `issues` deliveries matching `where` satisfies `done`. */
async function deliveriesReach(where: string, done: (count: number) => boolean): Promise<void> {
  const db = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
  await db.connect();
  try {
    for (let waited = 0; ; waited += 50) {
      const { rows } = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM repo_actions_deliveries WHERE event = 'issues' AND ${where}`,
      );
      if (done(Number(rows[0].n))) return;
      if (waited > 20_000) throw new Error(`the deliveries did not reach "${where}" within 20 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await db.end();
  }
}

async function startServe(emulator: Emulator, extra: string[] = []) {
  const proc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'src/hosts/cli/main.ts'),
      'serve',
      '--port',
      '0',
      '--api-url',
      emulator.apiUrl,
      '--secret-env',
      'HOOK_SECRET',
      '--token-env',
      'APP_TOKEN',
      '--data-dir',
      dataDir,
      ...extra,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, HOOK_SECRET: SECRET, APP_TOKEN, REPO_ACTIONS_TIME_SCALE: '0.01' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child = proc;
  const output: string[] = [];
  createInterface({ input: proc.stderr! }).on('line', (l) => output.push(l));
  const lines = createInterface({ input: proc.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (l) => {
      output.push(l);
      const m = /Listening on (http:\/\/\S+?) /.exec(l);
      if (m) resolve(m[1]);
    });
    proc.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output.join('\n')}`)));
  });
  return { proc, url, output };
}

describe('repo-actions serve', () => {
  it('answers a ping, labels an opened issue, and on SIGTERM finishes running work and exits 0', async () => {
    emu = await createEmulator(webhookScenario(), { timeScale: 0.01 });
    const { proc, url, output } = await startServe(emu);

    const created = await api(emu, 'POST', `/repos/${REPO}/hooks`, {
      config: { url, secret: SECRET },
      events: ['issues'],
    });
    expect(created.status).toBe(201);
    await emu.webhooks.settled();
    expect(emu.webhooks.deliveries.map((d) => [d.event, d.status])).toEqual([['ping', 200]]);

    // Label writes take 700 ms: the deliveries are still being processed when SIGTERM arrives.
    emu.faults.latency(700, { method: 'POST', path: /\/issues\/\d+\/labels$/ });
    const opened: number[] = [];
    for (const title of ['Crash on start', 'Crash on exit', 'Nothing to see'])
      opened.push((await api(emu, 'POST', `/repos/${REPO}/issues`, { title })).body.number as number);
    await emu.webhooks.settled();
    expect(emu.webhooks.deliveries.filter((d) => d.event === 'issues').map((d) => d.status)).toEqual([202, 202, 202]);
    const labelsNow = () =>
      opened.map((n) =>
        emu!.state
          .repo(REPO)!
          .issues.get(n)!
          .labels.map((l) => l.name),
      );
    expect(labelsNow()).toEqual([[], [], []]); // not done yet
    // SIGTERM finishes the jobs that run; jobs not yet taken stay stored for the next start. Wait until the workers
    // took all three (on a loaded machine that takes a moment), so this run is the one that finishes them.
    await deliveriesReach("state = 'queued'", (n) => n === 0);

    const exited = once(proc, 'exit');
    proc.kill('SIGTERM');
    // Draining: the listener is closed (a load balancer sends new deliveries to another replica; GitHub records a
    // refused connection as failed and it can be redelivered), while the running jobs finish.
    await new Promise((r) => setTimeout(r, 200));
    const refused = await postDelivery(url, {
      id: 'late',
      event: 'issues',
      payload: { action: 'opened' },
      secret: SECRET,
    });
    expect(refused.status).toBe(0);
    const [code] = await exited;
    expect(code).toBe(0);
    expect(labelsNow()).toEqual([['bug'], ['bug'], []]);
    const text = output.join('\n');
    expect(text).toMatch(/SIGTERM: draining/);
    expect(text).toMatch(/Stopped: 3 processed/);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(APP_TOKEN);
  });

  it('exits 1 when running work outlasts --shutdown-timeout, and the job runs after a restart', async () => {
    emu = await createEmulator(webhookScenario(), { timeScale: 0.01 });
    const { proc, url, output } = await startServe(emu, ['--shutdown-timeout', '0.3', '--lease-seconds', '1']);
    emu.webhooks.register(REPO, { url, secret: SECRET, events: ['issues'] });
    emu.faults.latency(5_000, { method: 'POST', path: /\/issues\/\d+\/labels$/ });
    await api(emu, 'POST', `/repos/${REPO}/issues`, { title: 'Crash that takes long' });
    await emu.webhooks.settled();
    // The job must be running (taken by a worker) when SIGTERM comes, or the drain has nothing to wait for.
    await deliveriesReach("state = 'running'", (n) => n === 1);
    proc.kill('SIGTERM');
    const [code] = await once(proc, 'exit');
    expect(code).toBe(1);
    expect(output.join('\n')).toMatch(/Shutdown timeout \(0.3 s\): 1 running jobs left to the store/);
    const number = emu.state.repo(REPO)!.issues.size;
    expect(emu.state.repo(REPO)!.issues.get(number)!.labels).toEqual([]);

    emu.faults.clear();
    const again = await startServe(emu, ['--lease-seconds', '1']);
    const db = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
    await db.connect();
    const row = async () => (await db.query('SELECT state, attempts FROM repo_actions_deliveries')).rows[0];
    const until = Date.now() + 20_000;
    while ((await row()).state !== 'done') {
      if (Date.now() > until) throw new Error(again.output.join('\n'));
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await row()).attempts).toBe(2); // the interrupted attempt, then the one after the restart
    await db.end();
    expect(
      emu.state
        .repo(REPO)!
        .issues.get(number)!
        .labels.map((l) => l.name),
    ).toEqual(['bug']);
  });

  it('refuses to start without a secret, naming the variable', async () => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'src/hosts/cli/main.ts'), 'serve', '--secret-env', 'NO_SUCH_SECRET_VAR'],
      {
        cwd: ROOT,
        env: { ...process.env, GITHUB_TOKEN: 'x' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = proc;
    let err = '';
    proc.stderr!.on('data', (c) => (err += c));
    const [code] = await once(proc, 'exit');
    expect(code).toBe(2);
    expect(err).toMatch(/NO_SUCH_SECRET_VAR/);
  });
});
