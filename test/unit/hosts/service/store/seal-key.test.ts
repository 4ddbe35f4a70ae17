// Where the seal key comes from (`seal-key.ts`): the operator's, else one generated once into the embedded store's
// data folder (0600, the same at every start, never replacing what sits at its name), else on a shared database the
// webhook secret; the keys whose seals are accepted follow the sealing one, without duplicates.
import { lstatSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataFolderSealKey, SEAL_KEY_FILE, sealKeysOf } from '../../../../../src/hosts/service/store/seal-key';
import { parseServeFlags } from '../../../../../src/hosts/cli/serve-options';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'seal-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the data folder seal key', () => {
  it('is generated once (0600, 256 bits) and read back the same at the next start', () => {
    const dir = tempDir();
    const key = dataFolderSealKey(dir);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(lstatSync(join(dir, SEAL_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(dataFolderSealKey(dir)).toBe(key);
    expect(dataFolderSealKey(tempDir())).not.toBe(key);
  });

  it('refuses a link or an empty file at its name instead of replacing a key rows may be sealed with', () => {
    const linked = tempDir();
    writeFileSync(join(linked, 'elsewhere'), 'a key\n');
    symlinkSync(join(linked, 'elsewhere'), join(linked, SEAL_KEY_FILE));
    expect(() => dataFolderSealKey(linked)).toThrow(/not a regular file/);
    const empty = tempDir();
    writeFileSync(join(empty, SEAL_KEY_FILE), '\n');
    expect(() => dataFolderSealKey(empty)).toThrow(/is empty/);
  });
});

describe('the seal keys of a store', () => {
  it("seal with the operator's key; the previous key and the webhook secrets are accepted after it", () => {
    const keys = sealKeysOf({ key: 'k2', previous: 'k1', webhookSecrets: ['s2', 's1'] }, tempDir());
    expect(keys).toEqual({ keys: ['k2', 'k1', 's2', 's1'], source: 'given' });
  });

  it('on the embedded store without a key, seal with the generated one', () => {
    const dir = tempDir();
    const keys = sealKeysOf({ webhookSecrets: ['s'] }, dir);
    expect(keys).toEqual({ keys: [dataFolderSealKey(dir), 's'], source: 'data folder' });
  });

  it('on a shared database without a key, seal with the webhook secret (every replica holds it)', () => {
    expect(sealKeysOf({ key: '', previous: 'old', webhookSecrets: ['s', 'p'] }, undefined)).toEqual({
      keys: ['s', 'old', 'p'],
      source: 'webhook secret',
    });
    expect(sealKeysOf({ webhookSecrets: ['s', 's'] }, undefined).keys).toEqual(['s']);
  });
});

describe('the seal key flags', () => {
  it('name REPO_ACTIONS_SEAL_KEY and REPO_ACTIONS_SEAL_KEY_PREVIOUS by default, other variables when given', () => {
    const defaults = parseServeFlags([], {});
    expect([defaults['seal-key-env'], defaults['previous-seal-key-env']]).toEqual([
      'REPO_ACTIONS_SEAL_KEY',
      'REPO_ACTIONS_SEAL_KEY_PREVIOUS',
    ]);
    const named = parseServeFlags(['--seal-key-env', 'MY_SEAL'], { REPO_ACTIONS_PREVIOUS_SEAL_KEY_ENV: 'MY_OLD_SEAL' });
    expect([named['seal-key-env'], named['previous-seal-key-env']]).toEqual(['MY_SEAL', 'MY_OLD_SEAL']);
    expect(() => parseServeFlags(['--seal-key-env', 'not a name'], {})).toThrow();
  });
});
