// `node scripts/release/sha256sums.mjs <dir>`: writes <dir>/SHA256SUMS for the files of <dir> (the release's
// assets): one `<sha256 in hex>  <name>` line per file, sorted by name, the format `sha256sum --check` reads
// (GNU coreutils: two spaces between the digest and the name, i.e. text mode). The file itself is not listed.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CHECKSUM_FILE = 'SHA256SUMS';

function checksumLines(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== CHECKSUM_FILE)
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      // A name with a line break would forge a second line: such a file is refused, never listed.
      if (/[\r\n\\]/.test(name)) throw new Error(`${name}: a release asset name cannot hold a line break or \\`);
      const digest = createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex');
      return `${digest}  ${name}`;
    });
}

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: node scripts/release/sha256sums.mjs <dir>\n');
  process.exit(2);
}
const lines = checksumLines(dir);
if (lines.length === 0) {
  process.stderr.write(`${dir} holds no file to list\n`);
  process.exit(1);
}
writeFileSync(join(dir, CHECKSUM_FILE), `${lines.join('\n')}\n`);
process.stdout.write(`${CHECKSUM_FILE}:\n${lines.join('\n')}\n`);
