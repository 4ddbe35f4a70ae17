// The checksum file: one `<sha256>  <name>` line per asset (the format `sha256sum --check` reads), sorted by name.

export interface ChecksumEntry {
  name: string;
  sha256: string;
}

export function checksumFileContent(entries: ChecksumEntry[]): string {
  return [...entries]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((e) => `${e.sha256}  ${e.name}\n`)
    .join('');
}

/**
 * Entries for every complete asset of a release but the checksum file itself and staged uploads;
 * `unknown`: the assets without a digest.
 */
export function checksumEntriesOf(
  assets: readonly { name: string; state: string; digest?: string | null }[],
  checksumsName: string,
  isStaged: (name: string) => boolean,
): { entries: ChecksumEntry[]; unknown: string[] } {
  const entries: ChecksumEntry[] = [];
  const unknown: string[] = [];
  for (const asset of assets) {
    if (asset.name === checksumsName || asset.state !== 'uploaded' || isStaged(asset.name)) continue;
    const m = /^sha256:([0-9a-f]{64})$/i.exec(asset.digest ?? '');
    if (m?.[1]) entries.push({ name: asset.name, sha256: m[1].toLowerCase() });
    else unknown.push(asset.name);
  }
  return { entries, unknown };
}
