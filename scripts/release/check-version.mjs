// `node scripts/release/check-version.mjs <tag>`: the release workflow's first check. The pushed tag must be
// `v` + package.json's version (the one place the version is written), as X.Y.Z. Prints the major-version tag the
// release moves (v1 for v1.4.2); exits 1 with the reason otherwise.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(new URL('.', import.meta.url).pathname, '..', '..');

/** A workflow command's message: `%`, CR and LF escaped as the runner reads them back. */
function escaped(text) {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function fail(message) {
  process.stdout.write(`::error::${escaped(message)}\n`);
  process.exit(1);
}

const tag = process.argv[2] ?? '';
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const match = /^v(\d+)\.(\d+)\.(\d+)$/.exec(tag);
if (!match) fail(`The tag "${tag}" is not a release tag vX.Y.Z.`);
if (tag !== `v${version}`)
  fail(`The tag ${tag} differs from package.json's version (${version}): set "version": "${tag.slice(1)}" first.`);
process.stdout.write(`v${match[1]}\n`);
