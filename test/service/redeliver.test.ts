// `repo-actions redeliver --since 1h` against the emulator's App delivery log: deliveries that met a receiver
// that was down are found (by guid, never a 2xx) and redelivered; one that was answered 202 is left alone.
// The App's hook sends form-encoded payloads (`content_type: form`), which the receiver accepts.
import { generateKeyPairSync } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { registerApp } from '../../emulator/app-hook-routes';
import { createEmulator, type Emulator } from '../../emulator';
import { api, APP_TOKEN, INSTALLATION_ID, REPO, SECRET, webhookScenario } from '../e2e/webhooks/scenario';
import { eventually, freePort, runCli, startServe, tempDir, type ServeProcess } from '../../harness/service';

const APP_ID = 7711;
let emu: Emulator | undefined;
let serve: ServeProcess | undefined;
const dataDir = tempDir('service-redeliver');

afterAll(async () => {
  serve?.proc.kill('SIGKILL');
  await emu?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('redeliver', () => {
  it('asks GitHub to redeliver what never got a 2xx, and only that', async () => {
    emu = await createEmulator(webhookScenario(), { timeScale: 0.01 });
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    registerApp(emu.state, APP_ID, publicKey.export({ type: 'spki', format: 'pem' }).toString());
    const port = await freePort();
    emu.webhooks.register(REPO, {
      url: `http://127.0.0.1:${port}/api/github/webhooks`,
      secret: SECRET,
      events: ['issues'],
      installationId: INSTALLATION_ID,
      contentType: 'form',
    });

    // The receiver is down: two deliveries fail to connect.
    const missed: number[] = [];
    for (const title of ['Crash while down', 'Another crash while down'])
      missed.push((await api(emu, 'POST', `/repos/${REPO}/issues`, { title })).body.number as number);
    await emu.webhooks.settled();
    expect(emu.webhooks.deliveries.map((d) => d.status ?? d.error)).toHaveLength(2);
    expect(emu.webhooks.deliveries.every((d) => d.status === undefined)).toBe(true);

    serve = await startServe(
      [
        '--port',
        String(port),
        '--secret-env',
        'HOOK_SECRET',
        '--token-env',
        'APP_TOKEN',
        '--api-url',
        emu.apiUrl,
        '--data-dir',
        dataDir,
      ],
      { HOOK_SECRET: SECRET, APP_TOKEN },
    );
    const arrived = (await api(emu, 'POST', `/repos/${REPO}/issues`, { title: 'Crash while up' })).body
      .number as number;
    await emu.webhooks.settled();
    expect(emu.webhooks.deliveries.at(-1)!.status).toBe(202);
    const labelled = (n: number) =>
      emu!.state
        .repo(REPO)!
        .issues.get(n)!
        .labels.some((l) => l.name === 'bug');
    await eventually(() => labelled(arrived), 20_000, 'the delivered issue labelled');
    expect(missed.map(labelled)).toEqual([false, false]);

    const env = { GITHUB_APP_PRIVATE_KEY: pem };
    const args = ['redeliver', '--since', '1h', '--app-id', String(APP_ID), '--api-url', emu.apiUrl];
    const dry = await runCli([...args, '--dry-run'], env);
    expect(dry.code).toBe(0);
    // The log also holds the `issues.labeled` deliveries the service's own writes caused (answered 204).
    expect(dry.stdout).toMatch(/\d+ attempts in the log; 2 deliveries since .* never got a 2xx:/);
    expect(emu.webhooks.deliveries.filter((d) => d.redelivery)).toHaveLength(0);

    const real = await runCli(args, env);
    expect(real.stderr).toBe('');
    expect(real.code).toBe(0);
    expect(real.stdout).toMatch(/Asked GitHub to redeliver 2 deliveries/);
    expect(real.stdout + real.stderr).not.toContain('PRIVATE KEY');
    await emu.webhooks.settled();
    const redelivered = emu.webhooks.deliveries.filter((d) => d.redelivery);
    expect(redelivered.map((d) => d.status)).toEqual([202, 202]);
    expect(redelivered.map((d) => d.headers['content-type'])).toEqual([
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded',
    ]);
    await eventually(() => missed.every(labelled), 20_000, 'the redelivered issues labelled');

    // A JWT signed with another key is refused (401).
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const refused = await runCli(args, { GITHUB_APP_PRIVATE_KEY: other.toString() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/GET \/app\/hook\/deliveries → 401/);
  }, 90_000);
});
