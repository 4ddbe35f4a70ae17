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
