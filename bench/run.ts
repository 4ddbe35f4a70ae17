// `npm run bench [-- filter]`: runs every bench/scenarios/*.ts scenario whose bundle exists through the runner
// against the emulator (50 ms latency), and reports REST requests (counted / 304 / writes) and GraphQL points side
// by side, beside the minimum, wall
// time and the action process's peak memory, then the `standalone` benches (bench/standalone.ts). Writes
// bench/results/latest.json and latest.md.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createEmulator, RequestLog } from '../emulator';
import { bundlePath, newRunnerTemp, ROOT, runBundle } from '../harness/run-bundle';
import { loadStandalone, runStandalone } from './standalone';
import type { BenchModule, BenchResult, BenchScenario } from './types';

const dir = join(ROOT, 'bench', 'scenarios');

async function loadScenarios(): Promise<BenchScenario[]> {
  if (!existsSync(dir)) return [];
  const out: BenchScenario[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as Partial<BenchModule>;
    out.push(...(mod.scenarios ?? []));
  }
  return out;
}

async function runScenario(s: BenchScenario): Promise<BenchResult> {
  const base: BenchResult = { name: s.name, action: s.action, status: 'skipped', minimum: s.minimum };
  if (!existsSync(bundlePath(s.action))) return { ...base, note: `dist/${s.action}/index.js not built` };
  const setup = await s.setup();
  const emu = await createEmulator(setup.scenario, { latencyMs: s.latencyMs ?? 50, ...(setup.emulatorOptions ?? {}) });
  const runnerTemp = newRunnerTemp();
  try {
    await setup.prepare?.(emu);
    for (const pre of setup.preRuns ?? []) {
      const r = await runBundle(s.action, { ...pre, emulator: emu, runnerTemp });
      if (r.code !== 0)
        return { ...base, status: 'failed', note: `pre-run exited ${r.code}: ${lastLines(r.stdout + r.stderr)}` };
    }
    await setup.beforeRun?.(emu);
    const r = await runBundle(s.action, { ...setup.run, emulator: emu, runnerTemp, measureMemory: true });
    const sum = RequestLog.summarize(r.requests);
    const result: BenchResult = {
      ...base,
      status: r.code === 0 ? 'ok' : 'failed',
      counted: sum.counted,
      notModified: sum.notModified,
      writes: sum.writes,
      graphqlRequests: sum.graphqlRequests,
      graphqlPoints: sum.graphqlPoints,
      total: sum.total,
      wallMs: r.wallMs,
      peakRssMb: r.peakRssKb ? Math.round((r.peakRssKb / 1024) * 10) / 10 : undefined,
      exitCode: r.code,
    };
    if (r.code !== 0) result.note = `exit ${r.code}: ${lastLines(r.stdout + r.stderr)}`;
    else {
      try {
        await setup.verify?.(emu, r);
      } catch (e) {
        result.status = 'failed';
        result.note = `verify: ${(e as Error).message}`;
      }
    }
    return result;
  } finally {
    await emu.close();
    rmSync(runnerTemp, { recursive: true, force: true });
  }
}

function lastLines(text: string, n = 3): string {
  return text.trim().split('\n').slice(-n).join(' | ').slice(0, 300);
}

export function markdown(results: BenchResult[]): string {
  const rows = [
    '| scenario | REST requests (counted) | 304s | writes | GraphQL points (queries) | minimum (requests / writes / points) | wall ms | peak RSS MB | status |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of results) {
    const min = r.minimum
      ? `${r.minimum.requests} / ${r.minimum.writes}${r.minimum.points !== undefined ? ` / ${r.minimum.points}` : ''}`
      : '';
    const cell = (v: number | undefined) => (v === undefined ? '–' : String(v));
    const points = r.graphqlPoints === undefined ? '–' : `${r.graphqlPoints} (${r.graphqlRequests ?? 0})`;
    const status = `${r.status}${r.note ? `: ${r.note.replace(/\|/g, '\\|')}` : ''}`;
    rows.push(
      `| ${r.name} | ${cell(r.counted)} | ${cell(r.notModified)} | ${cell(r.writes)} | ${points} | ${min} | ${cell(r.wallMs)} | ${cell(r.peakRssMb)} | ${status} |`,
    );
  }
  return rows.join('\n') + '\n';
}

async function main() {
  const filter = process.argv.slice(2).join(' ');
  const scenarios = (await loadScenarios()).filter((s) => !filter || s.name.includes(filter) || s.action === filter);
  const standalone = await loadStandalone(dir, filter);
  if (scenarios.length === 0 && standalone.length === 0) {
    console.log(
      `No bench scenarios${filter ? ` matching "${filter}"` : ''} (bench/scenarios/*.ts export \`scenarios\`).`,
    );
    return;
  }
  const results: BenchResult[] = [];
  for (const s of scenarios) {
    process.stderr.write(`bench: ${s.name} ... `);
    const r = await runScenario(s).catch((e: Error): BenchResult => ({
      name: s.name,
      action: s.action,
      status: 'failed',
      minimum: s.minimum,
      note: e.message,
    }));
    process.stderr.write(`${r.status}${r.wallMs !== undefined ? ` (${r.wallMs} ms)` : ''}\n`);
    results.push(r);
  }
  for (const s of standalone) {
    process.stderr.write(`bench: ${s.name} ... `);
    const r = await runStandalone(s);
    process.stderr.write(`${r.status}${r.wallMs !== undefined ? ` (${r.wallMs} ms)` : ''}\n`);
    results.push(r);
  }
  console.log(`\n${markdown(results)}`);
  const out = join(ROOT, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  // A filtered run updates its rows of the last full results and keeps the others.
  const previous = join(out, 'latest.json');
  if (filter && existsSync(previous)) {
    const old = (JSON.parse(readFileSync(previous, 'utf8')) as { results?: BenchResult[] }).results ?? [];
    const fresh = new Map(results.map((r) => [r.name, r]));
    const merged = old.map((r) => fresh.get(r.name) ?? r);
    for (const r of results) if (!old.some((o) => o.name === r.name)) merged.push(r);
    results.splice(0, results.length, ...merged);
  }
  const md = markdown(results);
  const meta = { date: new Date().toISOString(), node: process.version, latencyMsDefault: 50 };
  writeFileSync(join(out, 'latest.json'), JSON.stringify({ ...meta, results }, null, 2) + '\n');
  writeFileSync(join(out, 'latest.md'), `# Bench results\n\n${meta.date}, default injected latency 50 ms.\n\n${md}`);
  if (results.some((r) => r.status === 'failed')) process.exitCode = 1;
}

await main();
