// One `exit` listener per process: clients with a cache directory register their pacing history's save with
// src/github/client/exit-tasks.ts instead of adding a listener each, and a closed client (the service's pool closes the
// ones it evicts) saves at once and is no longer held by the process.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../../src/github/client';
import { pendingExitTasks } from '../../../../src/github/client/exit-tasks';
import { ClientPool } from '../../../../src/hosts/service/client-pool';

const silent = { debug() {}, info() {}, warning() {} };
const cacheDir = () => mkdtempSync(join(tmpdir(), 'exit-tasks-'));

describe('exit tasks', () => {
  it('60 clients add one exit listener at most, and closing them removes their tasks', () => {
    const listeners = process.listenerCount('exit');
    const tasks = pendingExitTasks();
    const clients = Array.from({ length: 60 }, (_, i) =>
      createClient({ token: `t${i}`, action: 'test', cacheDir: cacheDir(), log: silent }),
    );
    expect(process.listenerCount('exit') - listeners).toBeLessThanOrEqual(1);
    expect(pendingExitTasks() - tasks).toBe(60);
    for (const client of clients) client.close();
    expect(pendingExitTasks()).toBe(tasks);
    expect(process.listenerCount('exit') - listeners).toBeLessThanOrEqual(1);
  });

  it('a closed client has saved its pacing history; closing twice is harmless', () => {
    const dir = cacheDir();
    const client = createClient({ token: 't', action: 'test', cacheDir: dir, log: silent });
    expect(existsSync(join(dir, 'writes.json'))).toBe(false);
    client.close();
    client.close();
    expect(JSON.parse(readFileSync(join(dir, 'writes.json'), 'utf8'))).toEqual([]);
  });

  it('a client without a cache directory registers nothing', () => {
    const tasks = pendingExitTasks();
    createClient({ token: 't', action: 'test', log: silent }).close();
    expect(pendingExitTasks()).toBe(tasks);
  });

  it("the service's pool closes what it evicts: 60 tokens through a pool of 5 leave 5 tasks", () => {
    const tasks = pendingExitTasks();
    const pool = new ClientPool({ cacheDir: cacheDir() }, silent, 5);
    for (let i = 0; i < 60; i++) pool.for(`token-${i}`);
    expect(pool.size).toBe(5);
    expect(pendingExitTasks() - tasks).toBe(5);
  });

  it('at exit the one listener runs the tasks left, a failing one stopping none', () => {
    const out = join(cacheDir(), 'ran.txt');
    const module = pathToFileURL(join(__dirname, '../../../../src/github/client/exit-tasks.ts')).href;
    const script = `
      import { appendFileSync } from 'node:fs';
      import { atExit } from ${JSON.stringify(module)};
      const remove = atExit(() => appendFileSync(${JSON.stringify(out)}, 'removed\\n'));
      atExit(() => { throw new Error('broken'); });
      atExit(() => appendFileSync(${JSON.stringify(out)}, 'kept\\n'));
      remove();
      console.log(process.listenerCount('exit'));
    `;
    const stdout = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(stdout.trim()).toBe('1');
    expect(readFileSync(out, 'utf8')).toBe('kept\n');
  });
});
