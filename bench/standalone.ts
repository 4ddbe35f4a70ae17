// Benchmarks that are not one run of an action's bundle (the webhook receiver is a service): a module of
// bench/scenarios/*.ts may export `standalone: StandaloneBench[]`; bench/run.ts runs them after the action
// scenarios and reports them in the same table (extra numbers such as latency percentiles go in `note`).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchResult } from './types';

export interface StandaloneBench {
  name: string;
  /** What is measured (for the table's action column). */
  action: string;
  description?: string;
  minimum?: { requests: number; writes: number };
  run(): Promise<BenchResult>;
}

export async function loadStandalone(dir: string, filter: string): Promise<StandaloneBench[]> {
  if (!existsSync(dir)) return [];
  const out: StandaloneBench[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { standalone?: StandaloneBench[] };
    out.push(...(mod.standalone ?? []).filter((s) => !filter || s.name.includes(filter) || s.action === filter));
  }
  return out;
}

export async function runStandalone(s: StandaloneBench): Promise<BenchResult> {
  try {
    return await s.run();
  } catch (e) {
    return { name: s.name, action: s.action, status: 'failed', minimum: s.minimum, note: (e as Error).message };
  }
}

/** The p-th percentile (0..100) of the values, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
