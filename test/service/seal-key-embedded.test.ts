// On the embedded store with no seal key given, `serve`'s store generates one at its first start into the data
// folder (`seal-key`, 0600, owned by the user serve runs as — root when root) and reads the same one at every later
// start: a row stored before a restart is still vouched for after it, and the webhook secret seals nothing.
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/hosts/service/store/open-store';
import { sealOf } from '../../src/hosts/service/store/seal';
import { SEAL_KEY_FILE } from '../../src/hosts/service/store/seal-key';
import { tempDir } from '../../harness/service';

const dataDir = tempDir('seal-key-embedded');
let store: Store | undefined;
afterAll(async () => {
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const choice = { dataDir, seal: { webhookSecrets: ['the webhook secret'] } };

async function sealOfRow(s: Store, id: string) {
  const { rows } = await s.pool.query('SELECT seal, event, item_key, body FROM repo_actions_deliveries WHERE id = $1', [
    id,
  ]);
  const r = rows[0];
  return {
    seal: r.seal as string,
    of: (key: string) => sealOf(key, { id, event: r.event, itemKey: r.item_key, body: r.body }),
  };
}

describe('the generated seal key', () => {
  it('is written once into the data folder and sealed rows survive a restart', async () => {
    store = await openStore(choice);
    expect(store.sealKeySource).toBe('data folder');
    const path = join(dataDir, SEAL_KEY_FILE);
    const info = statSync(path);
    expect(info.mode & 0o777).toBe(0o600);
    expect(info.uid).toBe(process.getuid!());
    const key = readFileSync(path, 'utf8').trim();
    expect(key.length).toBeGreaterThanOrEqual(43);
    const body = Buffer.from('{"action":"opened"}');
    await store.log.accept({
      id: 'e-1',
      event: 'issues',
      repository: 'octo/app',
      itemKey: 'octo/app#1',
      headers: {},
      body,
    });
    const before = await sealOfRow(store, 'e-1');
    expect(before.seal).toBe(before.of(key));
    expect(before.seal).not.toBe(before.of('the webhook secret'));
    await store.close();

    store = await openStore(choice);
    expect(store.sealKeySource).toBe('data folder');
    expect(readFileSync(path, 'utf8').trim()).toBe(key);
    await store.log.accept({
      id: 'e-2',
      event: 'issues',
      repository: 'octo/app',
      itemKey: 'octo/app#2',
      headers: {},
      body,
    });
    const after = await sealOfRow(store, 'e-2');
    expect(after.seal).toBe(after.of(key));
  }, 180_000);
});
