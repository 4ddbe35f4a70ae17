// One way to write a number of bytes, in binary units (KiB, MiB, GiB: 1,024-based), everywhere the actions print
// a size (plans, progress lines, errors): a 20,000,000-byte file is "19.1 MiB" in the plan and in the progress.

const UNITS = [
  { unit: 'GiB', bytes: 1024 ** 3, digits: 2 },
  { unit: 'MiB', bytes: 1024 ** 2, digits: 1 },
  { unit: 'KiB', bytes: 1024, digits: 1 },
] as const;

export function formatBytes(bytes: number): string {
  const u = UNITS.find((x) => bytes >= x.bytes);
  return u ? `${(bytes / u.bytes).toFixed(u.digits)} ${u.unit}` : `${bytes} B`;
}

/** A transfer rate in the same units (`12.3 MiB/s`). */
export function formatRate(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s`;
}
