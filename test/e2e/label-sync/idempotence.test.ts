// label-sync's second run with the same inputs writes nothing: after a merge, a rename, a prune, case changes, short
// colours, and names that need encoding in the `PATCH/DELETE /labels/{name}` paths (spaces, `/`, `%`, `#`, `?`, unicode).
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator, type LogEntry, type RepoSeed } from '../../../emulator';
import { runBundle } from '../../../harness/run-bundle';
import {
  expectedMap,
  type FileLabel,
  labelFile,
  labelMap,
  scenarioOf,
  WORKFLOW_TOKEN,
} from '../../../emulator/scenarios/label-sync';
import { graphqlOf, REST_ONLY_ENV } from './harness';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

const writesOf = (r: { requests: LogEntry[] }) => r.requests.filter((e) => e.contentCreating);
const written = (r: { requests: LogEntry[] }) =>
  writesOf(r)
    .map((e) => `${e.method} ${decodeURIComponent(e.path)} ${e.status}`)
    .sort();

function run(
  file: FileLabel[] | string,
  inputs: Record<string, string | boolean> = {},
  config = '.github/labels.yml',
  env: Record<string, string> = {},
) {
  return runBundle('label-sync', {
    emulator: emu!,
    token: WORKFLOW_TOKEN,
    inputs: { config, ...inputs },
    workspace: { [config]: typeof file === 'string' ? file : labelFile(file) },
    env,
  });
}

/** Two runs; `env` REST_ONLY_ENV reads through REST (GraphQL unreachable). */
async function twice(
  seed: RepoSeed,
  file: FileLabel[] | string,
  inputs: Record<string, string | boolean> = {},
  config?: string,
  env: Record<string, string> = {},
) {
  emu = await createEmulator(scenarioOf([seed]), { timeScale: 0.01 });
  const first = await run(file, inputs, config, env);
  expect(first.code, first.stdout).toBe(0);
  const second = await run(file, inputs, config, env);
  expect(second.code, second.stdout).toBe(0);
  expect(writesOf(second)).toEqual([]);
  expect(second.outputs).toMatchObject({ created: '0', updated: '0', renamed: '0', deleted: '0' });
  return { first, second, labels: () => labelMap(emu!.state.repo('octo/app')!.labels) };
}

const SPECIAL = [
  'type/bug',
  '50% done',
  'C#',
  'why?',
  'needs: triage',
  'a+b & c',
  '🐛 bug',
  'größe',
  ':sparkles: feature',
  'x=1;y',
];

describe('label-sync is idempotent', () => {
  it('names that need encoding in the path: update, rename, delete and merge each hit the right label, then 0 writes', async () => {
    const file: FileLabel[] = SPECIAL.map((name, i) => ({
      name,
      color: i % 2 ? '#ABC' : 'c5def5',
      description: `label ${i}`,
    }));
    file.push(
      { name: 'renamed/ok?', color: '000000', aliases: ['old/name #1'] },
      { name: 'merged %', color: '111111', aliases: ['dup? 50%'] },
    );
    const seed: RepoSeed = {
      owner: 'octo',
      name: 'app',
      labels: [
        ...SPECIAL.map((name) => ({ name, color: 'ff0000', description: 'stale' })),
        { name: 'old/name #1', color: '000000' },
        { name: 'merged %', color: '111111' },
        { name: 'dup? 50%', color: '222222' },
        { name: 'gone/away?', color: 'ededed' },
        { name: '100%', color: 'ededed' },
      ],
      issues: [
        { title: 'A', labels: ['dup? 50%'] },
        { title: 'B', labels: ['old/name #1'] },
      ],
    };
    const { first, labels } = await twice(seed, file, { prune: true });
    expect(labels()).toEqual(expectedMap(file));
    expect(written(first)).toEqual(
      [
        ...SPECIAL.map((n) => `PATCH /repos/octo/app/labels/${n} 200`),
        'PATCH /repos/octo/app/labels/old/name #1 200',
        'DELETE /repos/octo/app/labels/gone/away? 204',
        'DELETE /repos/octo/app/labels/100% 204',
        'POST /repos/octo/app/issues/1/labels 200',
        'DELETE /repos/octo/app/labels/dup? 50% 204',
      ].sort(),
    );
    const issues = emu!.state.repo('octo/app')!.issues;
    expect(issues.get(1)!.labels.map((l) => l.name)).toEqual(['merged %']);
    expect(issues.get(2)!.labels.map((l) => l.name)).toEqual(['renamed/ok?']);
  });

  it('after case changes, short colours and descriptions given as omitted, empty, null or blank', async () => {
    const text = [
      'labels:',
      '  - { name: Bug, color: "#D73" }',
      '  - { name: docs, color: "0075CA", description: "" }',
      '  - { name: help wanted, color: 008672, description: null }',
      '  - { name: Question, color: "#d876e3", description: "   " }',
      '  - { name: wontfix, color: ffffff, description: " Will not be worked on  " }',
      '  - name: block',
      '    color: "000000"',
      '    description: >',
      '      Folded text',
      '',
    ].join('\n');
    const seed: RepoSeed = {
      owner: 'octo',
      name: 'app',
      labels: [
        { name: 'bug', color: 'DD7733', description: null },
        { name: 'Docs', color: '0075ca', description: null },
        { name: 'help wanted', color: '008672', description: '' },
        { name: 'question', color: 'd876e3', description: '' },
        { name: 'WONTFIX', color: 'ffffff', description: 'Will not be worked on' },
        { name: 'block', color: '000000', description: 'Folded text' },
      ],
    };
    const { first, labels } = await twice(seed, text);
    expect(labels()).toEqual({
      Bug: 'dd7733|',
      docs: '0075ca|',
      'help wanted': '008672|',
      Question: 'd876e3|',
      wontfix: 'ffffff|Will not be worked on',
      block: '000000|Folded text',
    });
    expect(written(first)).toEqual(
      [
        'PATCH /repos/octo/app/labels/bug 200',
        'PATCH /repos/octo/app/labels/Docs 200',
        'PATCH /repos/octo/app/labels/question 200',
        'PATCH /repos/octo/app/labels/WONTFIX 200',
      ].sort(),
    );
  });

  it.each([
    { what: 'through GraphQL', graphql: true },
    { what: 'through REST', graphql: false },
  ])(
    'a JSON file as a bare list, with more than 100 labels in the repository (every page read $what)',
    async ({ graphql }) => {
      const file = Array.from({ length: 130 }, (_, i) => ({
        name: `l-${String(i).padStart(3, '0')}`,
        color: 'ededed',
      }));
      const seed: RepoSeed = {
        owner: 'octo',
        name: 'app',
        // 140 labels: 120 in line, 10 to update, 10 to prune; 10 of the file's are missing
        labels: [
          ...file.slice(0, 120).map((l, i) => ({ ...l, color: i < 10 ? '000000' : l.color })),
          ...Array.from({ length: 10 }, (_, i) => ({ name: `extra-${i}`, color: 'ededed' })),
        ],
      };
      const { first, second, labels } = await twice(
        seed,
        JSON.stringify(file, null, 2),
        { prune: true },
        'labels.json',
        graphql ? {} : REST_ONLY_ENV,
      );
      expect(labels()).toEqual(expectedMap(file));
      expect(first.outputs).toMatchObject({ created: '10', updated: '10', deleted: '10', unchanged: '110' });
      // 140 labels then 130: two pages of 100 each time, through GraphQL (2 queries, 2 points) or REST (2 lists).
      // Each run is a job of its own (no ETag held): the second run, with nothing to write, reads nothing more.
      const lists = second.requests.filter((e) => e.method === 'GET' && e.path === '/repos/octo/app/labels');
      expect(graphqlOf(first).filter((e) => e.status === 200)).toHaveLength(graphql ? 2 : 0);
      expect(graphqlOf(second).filter((e) => e.status === 200)).toHaveLength(graphql ? 2 : 0);
      expect(lists).toHaveLength(graphql ? 0 : 2);
      expect(second.stdout).toMatch(
        graphql
          ? /Read with 2 GraphQL queries \(2 points\), 0 REST requests\./
          : /0 GraphQL queries \(0 points\), 2 REST requests\./,
      );
      expect(second.outputs).toMatchObject({ unchanged: '130' });
    },
  );
});
