// The key rows are sealed with (`seal.ts`), apart from the webhook secret, so the two rotate independently: a
// webhook secret rotated at GitHub no longer strands the rows stored before the switch, and a seal key rotated by
// the operator never touches the receiver. Where the key comes from, in order:
// - the operator's (`--seal-key-env`, default REPO_ACTIONS_SEAL_KEY, or its _FILE), plus a previous one during a
//   rotation (`--previous-seal-key-env`);
// - on the embedded store, none given: a key generated once into the data folder (`seal-key`, 0600, written by
//   root-files.ts' safe writes: a fresh file renamed into place, never through a planted link) and read from there
//   at every start, so the one process that owns the folder always finds the same key;
// - on a shared database, none given: the webhook secret, with a warning. Every replica holds the same webhook
//   secret, so replicas agree without any new setting — an upgrade of a running deployment keeps starting — and the
//   operator is told to set a seal key (refusing to start would turn the upgrade into an outage). A key generated
//   per replica would make each replica's rows unrunnable by the others.
// The webhook secrets always stay accepted after the seal keys (never used to seal when a seal key exists): rows
// sealed by earlier versions, under the webhook secret, still run, and are sealed again under the current key when
// taken (`delivery-log.ts`), so after one pass of the queue no row depends on them.
import { randomBytes } from 'node:crypto';
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { readOwnFile, writeOwnFile } from './root-files';

export const SEAL_KEY_FILE = 'seal-key';

export interface SealKeyChoice {
  /** The operator's seal key. */
  key?: string;
  /** The seal key being rotated out (accepted, never used to seal). */
  previous?: string;
  /** The webhook secrets, current first (accepted for rows of earlier versions; seal only without a seal key). */
  webhookSecrets: readonly string[];
}

export type SealKeySource = 'given' | 'data folder' | 'webhook secret' | 'none';

export interface SealKeys {
  /** The sealing key first, then every key whose seals are still accepted. */
  keys: string[];
  source: SealKeySource;
}

/** The key kept in `dataDir/seal-key`, generated (256 random bits) the first time. */
export function dataFolderSealKey(dataDir: string): string {
  const path = join(dataDir, SEAL_KEY_FILE);
  const text = readOwnFile(path);
  if (text === undefined) {
    let present = true;
    try {
      lstatSync(path);
    } catch {
      present = false;
    }
    // Something that is not a regular file sits at its name: never replace a key that rows may be sealed with.
    if (present) throw new Error(`${path} is not a regular file: remove it or give the seal key (--seal-key-env)`);
    const key = randomBytes(32).toString('base64url');
    writeOwnFile(dataDir, SEAL_KEY_FILE, `${key}\n`);
    return key;
  }
  const key = text.replace(/\r?\n$/, '');
  if (key.trim() === '') throw new Error(`${path} is empty: restore it from a backup or give --seal-key-env`);
  return key;
}

/** The keys of a store: `dataDir` is the embedded store's folder (undefined on a shared database). */
export function sealKeysOf(choice: SealKeyChoice, dataDir: string | undefined): SealKeys {
  const given = choice.key || undefined;
  const own = given ?? (dataDir ? dataFolderSealKey(dataDir) : undefined);
  const sealing = own ?? choice.webhookSecrets[0];
  const source: SealKeySource = given ? 'given' : own ? 'data folder' : sealing ? 'webhook secret' : 'none';
  const keys = [sealing, choice.previous, ...choice.webhookSecrets].filter((k): k is string => !!k);
  return { keys: [...new Set(keys)], source };
}
