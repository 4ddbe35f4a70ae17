// `npm run demo`: starts the emulator with the sample repository (emulator/sample-scenario.ts) and runs every
// step of scripts/demo/<action>.ts (each action of the registry, src/actions) whose action bundle exists, as steps
// of one job (shared RUNNER_TEMP), printing what each did, its outputs, and its API cost.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DemoModule, DemoStep } from '../bench/types';
import { ACTION_NAMES } from '../src/actions';
import { renderLine, styleFor } from '../src/hosts/cli/terminal';
import { plural } from '../src/kernel/words';
import { createEmulator, RequestLog } from '../emulator';
import { SAMPLE_REPO, SAMPLE_TOKEN, sampleScenario } from '../emulator/sample-scenario';
import { bundlePath, newRunnerTemp, ROOT, runBundle, type RunResult } from '../harness/run-bundle';

const dir = join(ROOT, 'scripts', 'demo');

/** The steps of scripts/demo/<action>.ts for every action of the registry that has one, by action name. */
async function loadSteps(): Promise<DemoStep[]> {
  const steps: DemoStep[] = [];
  for (const name of [...ACTION_NAMES].sort()) {
    const file = join(dir, `${name}.ts`);
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as Partial<DemoModule>;
    steps.push(...(mod.steps ?? []));
  }
  return steps;
}

/** The action's log as a reader sees it: workflow commands rendered as the command line renders them. */
function renderLog(stdout: string): string[] {
  const style = styleFor(process.stdout);
  return stdout
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => renderLine(line, style, false))
    .filter((line): line is string => line !== undefined)
    .map((line) => `    ${line.replace(/\n/g, '\n      ')}`);
}

function cost(r: RunResult): string {
  const s = RequestLog.summarize(r.requests);
  // REST's budget left: the last REST answer's (a GraphQL answer states GraphQL's own budget).
  const left = [...r.requests]
    .reverse()
    .find((e) => e.rateRemaining !== undefined && e.host === 'api' && e.graphqlPoints === undefined)?.rateRemaining;
  // The same totals and words as the action's own "API: …" line: the REST requests sent, the 304s among them;
  // GraphQL's queries and points (its own budget) beside them.
  const parts = [`${plural(s.sent, 'request')} (${s.notModified} answered 304, free)`, plural(s.writes, 'write')];
  if (left !== undefined) parts.push(`budget left ${left}`);
  if (s.graphqlRequests > 0)
    parts.push(`GraphQL: ${plural(s.graphqlRequests, 'query', 'queries')}, ${plural(s.graphqlPoints, 'point')}`);
  return parts.join(', ');
}

async function main() {
  const steps = await loadSteps();
  const runnable = steps.filter((s) => existsSync(bundlePath(s.action)));
  if (runnable.length === 0) {
    console.log(
      steps.length
        ? 'No action bundle is built yet: run `npm run build` first.'
        : 'No demo steps yet (scripts/demo/<action>.ts).',
    );
    return;
  }
  const skipped = [...new Set(steps.filter((s) => !runnable.includes(s)).map((s) => s.action))];
  const emu = await createEmulator(sampleScenario(), { latencyMs: 0 });
  const runnerTemp = newRunnerTemp();
  console.log(`Emulated GitHub API at ${emu.apiUrl} with the sample repository ${SAMPLE_REPO}.`);
  if (skipped.length) console.log(`(no bundle for: ${skipped.join(', ')} — run \`npm run build\`)`);
  const totals: { action: string; title: string; code: number | null; cost: string }[] = [];
  try {
    for (const step of runnable) {
      console.log(`\n━━ ${step.action}: ${step.title}`);
      step.before?.(emu);
      const r = await runBundle(step.action, {
        emulator: emu,
        runnerTemp,
        token: step.token ?? SAMPLE_TOKEN,
        repository: SAMPLE_REPO,
        inputs: step.inputs,
        event: step.event,
        workspace: step.workspace,
        checkout: step.checkout,
        env: step.env,
      });
      for (const line of renderLog(r.stdout)) console.log(line);
      if (r.code !== 0 && r.stderr.trim())
        console.log(
          r.stderr
            .trim()
            .split('\n')
            .map((l) => `    ! ${l}`)
            .join('\n'),
        );
      const outputs = Object.entries(r.outputs);
      if (outputs.length) {
        console.log('  outputs:');
        for (const [k, v] of outputs)
          console.log(`    ${k} = ${v.length > 120 ? `${v.slice(0, 117)}...` : v.replace(/\n/g, '\\n')}`);
      }
      const c = cost(r);
      console.log(`  exit ${r.code} · ${c} · ${r.wallMs} ms`);
      totals.push({ action: step.action, title: step.title, code: r.code, cost: c });
    }
  } finally {
    await emu.close();
    rmSync(runnerTemp, { recursive: true, force: true });
  }
  console.log('\n━━ Summary');
  for (const t of totals) console.log(`  ${t.code === 0 ? '✓' : '✗'} ${t.action}: ${t.title} — ${t.cost}`);
  if (totals.some((t) => t.code !== 0)) process.exitCode = 1;
}

await main();
