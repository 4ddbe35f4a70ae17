// The runner gives a bundle the Actions runner's environment and collects outputs, summary, annotations, requests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator';
import { parseAnnotations, parseOutputs, runBundle } from '../../harness/run-bundle';

let root: string;
let emu: Emulator;

const ACTION_YML = `name: probe
description: test action
inputs:
  token:
    default: \${{ github.token }}
  repo-name:
    default: \${{ github.repository }}
  dry-run:
    default: 'false'
  label names:
    default: ''
runs:
  using: node24
  main: ../../dist/probe/index.js
`;

// A bundle that reports its environment and makes one API request.
const BUNDLE = `
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
const env = process.env;
const res = await fetch(env.GITHUB_API_URL + '/repos/' + env.GITHUB_REPOSITORY + '/labels', {
  headers: { authorization: 'Bearer ' + env.INPUT_TOKEN, 'user-agent': 'probe' },
});
const labels = await res.json();
appendFileSync(env.GITHUB_OUTPUT, 'count=' + labels.length + '\\n');
appendFileSync(env.GITHUB_OUTPUT, 'names<<EOF_1\\n' + labels.map((l) => l.name).join('\\n') + '\\nEOF_1\\n');
appendFileSync(env.GITHUB_OUTPUT, 'keys=' + Object.keys(env).filter((k) => !k.startsWith('INPUT_')).sort().join(',') + '\\n');
appendFileSync(env.GITHUB_OUTPUT, 'inputs=' + JSON.stringify(Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('INPUT_') && k !== 'INPUT_TOKEN'))) + '\\n');
appendFileSync(env.GITHUB_OUTPUT, 'event=' + JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')).repository.full_name + '\\n');
appendFileSync(env.GITHUB_OUTPUT, 'file=' + readFileSync('labels.yml', 'utf8').trim() + '\\n');
appendFileSync(env.GITHUB_OUTPUT, 'token-ok=' + (env.INPUT_TOKEN === 'ghs_wf') + '\\n');
appendFileSync(env.GITHUB_OUTPUT, 'ref=' + env.GITHUB_REF + ' ' + env.GITHUB_REF_NAME + ' ' + env.GITHUB_REF_TYPE + ' ' + env.GITHUB_SHA + ' [' + env.GITHUB_HEAD_REF + '] [' + env.GITHUB_BASE_REF + ']\\n');
writeFileSync(env.GITHUB_STEP_SUMMARY, '## Probe\\n');
console.log('::warning file=labels%2Cx.yml,line=3,col=5::odd, label');
console.log('::error::broken%0Asecond line');
process.exitCode = 2;
`;

// A bundle that creates five labels one after the other, then says it is done.
const WRITER = `
import { appendFileSync } from 'node:fs';
const env = process.env;
for (let i = 0; i < 5; i++) {
  const res = await fetch(env.GITHUB_API_URL + '/repos/' + env.GITHUB_REPOSITORY + '/labels', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + env.INPUT_TOKEN, 'user-agent': 'writer', 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'written-' + i, color: 'ffffff' }),
  });
  if (res.status !== 201) throw new Error('create failed: ' + res.status);
}
appendFileSync(env.GITHUB_OUTPUT, 'done=true\\n');
`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'harness-'));
  mkdirSync(join(root, 'actions', 'writer'), { recursive: true });
  mkdirSync(join(root, 'dist', 'writer'), { recursive: true });
  writeFileSync(
    join(root, 'actions', 'writer', 'action.yml'),
    ACTION_YML.replace('probe', 'writer').replace('dist/probe', 'dist/writer'),
  );
  writeFileSync(join(root, 'dist', 'writer', 'index.js'), WRITER);
  writeFileSync(join(root, 'dist', 'writer', 'package.json'), '{"type":"module"}');
  mkdirSync(join(root, 'actions', 'probe'), { recursive: true });
  mkdirSync(join(root, 'dist', 'probe'), { recursive: true });
  writeFileSync(join(root, 'actions', 'probe', 'action.yml'), ACTION_YML);
  writeFileSync(join(root, 'dist', 'probe', 'index.js'), BUNDLE);
  writeFileSync(join(root, 'dist', 'probe', 'package.json'), '{"type":"module"}');
  emu = await createEmulator(
    {
      repositories: [{ owner: 'octo', name: 'app', labels: [{ name: 'bug' }, { name: 'docs' }] }],
      tokens: { ghs_wf: { kind: 'workflow', repositories: ['octo/app'], permissions: { issues: 'write' } } },
    },
    { timeScale: 0.01 },
  );
});

afterAll(async () => {
  await emu?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('runBundle', () => {
  it('runs the bundle with the runner environment and collects what it wrote', async () => {
    const r = await runBundle('probe', {
      root,
      emulator: emu,
      inputs: { 'label names': ['a', 'b'] },
      workspace: { 'labels.yml': 'labels: []' },
      measureMemory: true,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(2);
    expect(r.outputs.count).toBe('2');
    expect(r.outputs.names).toBe('bug\ndocs');
    expect(r.outputs['token-ok']).toBe('true');
    expect(r.outputs.event).toBe('octo/app');
    expect(r.outputs.file).toBe('labels: []');
    expect(JSON.parse(r.outputs.inputs)).toEqual({
      'INPUT_REPO-NAME': 'octo/app',
      'INPUT_DRY-RUN': 'false',
      INPUT_LABEL_NAMES: 'a\nb',
    });
    const keys = r.outputs.keys.split(',');
    for (const k of [
      'GITHUB_API_URL',
      'GITHUB_EVENT_PATH',
      'GITHUB_WORKSPACE',
      'RUNNER_TEMP',
      'GITHUB_OUTPUT',
      'GITHUB_STEP_SUMMARY',
      'REPO_ACTIONS_TIME_SCALE',
      'GITHUB_SHA',
    ]) {
      expect(keys).toContain(k);
    }
    expect(keys.filter((k) => !/^(GITHUB_|RUNNER_|REPO_ACTIONS_|CI$|PATH$|HOME$)/.test(k))).toEqual([]);
    expect(r.summary).toBe('## Probe\n');
    expect(r.annotations).toEqual([
      { level: 'warning', file: 'labels,x.yml', line: 3, col: 5, message: 'odd, label' },
      { level: 'error', message: 'broken\nsecond line' },
    ]);
    expect(r.requests.map((e) => [e.method, e.path, e.status, e.counted])).toEqual([
      ['GET', '/repos/octo/app/labels', 200, true],
    ]);
    expect(r.peakRssKb).toBeGreaterThan(10_000);
  });

  it('sets GITHUB_REF and GITHUB_SHA as the runner does for pull requests, pushes and releases', async () => {
    const common = { root, emulator: emu, workspace: { 'labels.yml': 'x' } };
    const pr = await runBundle('probe', {
      ...common,
      event: {
        name: 'pull_request',
        payload: {
          number: 7,
          pull_request: { number: 7, head: { ref: 'feat', sha: 'a'.repeat(40) }, base: { ref: 'main' } },
        },
      },
    });
    expect(pr.outputs.ref).toBe(`refs/pull/7/merge 7/merge branch ${'a'.repeat(40)} [feat] [main]`);
    const push = await runBundle('probe', {
      ...common,
      event: { name: 'push', payload: { ref: 'refs/heads/dev', after: 'b'.repeat(40) } },
    });
    expect(push.outputs.ref).toBe(`refs/heads/dev dev branch ${'b'.repeat(40)} [] []`);
    const main = emu.state.branchSha('octo/app', 'main');
    const release = await runBundle('probe', {
      ...common,
      event: { name: 'release', payload: { release: { tag_name: 'v1' } } },
    });
    expect(release.outputs.ref).toBe(`refs/tags/v1 v1 tag ${main} [] []`);
  });

  it('killAfterWrites SIGKILLs the bundle right after the k-th completed write, before it can make another', async () => {
    const repo = emu.state.repo('octo/app')!;
    const written = () => repo.labels.filter((l) => l.name.startsWith('written-')).length;
    const clean = () => (repo.labels = repo.labels.filter((l) => !l.name.startsWith('written-')));

    const killed = await runBundle('writer', { root, emulator: emu, killAfterWrites: 2 });
    expect(killed).toMatchObject({ killed: true, writes: 2, code: null });
    expect(killed.outputs.done).toBeUndefined();
    expect(written()).toBe(2);
    expect(killed.requests.filter((e) => e.method === 'POST')).toHaveLength(2);

    // A write whose answer was cut still happened, and counts.
    clean();
    emu.faults.reset({ method: 'POST', path: /\/labels$/, when: 'mid-response' });
    const cut = await runBundle('writer', { root, emulator: emu, killAfterWrites: 1 });
    expect(cut).toMatchObject({ killed: true, writes: 1 });
    expect(written()).toBe(1);

    clean();
    const whole = await runBundle('writer', { root, emulator: emu, killAfterWrites: 9 });
    expect(whole).toMatchObject({ killed: false, writes: 5, code: 0 });
    expect(whole.outputs.done).toBe('true');
    expect(written()).toBe(5);
    clean();
  });

  it('parses GITHUB_OUTPUT heredocs and annotations', () => {
    expect(parseOutputs('a=1\nb<<X\nline 1\nline 2\nX\nc=x=y\n')).toEqual({ a: '1', b: 'line 1\nline 2', c: 'x=y' });
    expect(parseAnnotations('::notice title=T::hi\nplain\n')).toEqual([{ level: 'notice', title: 'T', message: 'hi' }]);
  });

  it.each([
    ['CRLF line endings', 'a=1\r\nb<<X\r\none\r\ntwo\r\nX\r\n', { a: '1', b: 'one\ntwo' }],
    ['an empty multiline value', 'b<<EOF\nEOF\n', { b: '' }],
    ['an equals sign before the heredoc marker', 'a=b<<c\n', { a: 'b<<c' }],
    ['a heredoc marker before the equals sign', 'a<<X\nk=v\nX\n', { a: 'k=v' }],
    ['the last of two writes', 'a=1\na=2\n', { a: '2' }],
    ['empty lines between outputs', 'a=1\n\nb=2\n', { a: '1', b: '2' }],
  ])('reads %s as the runner does', (_, text, expected) => {
    expect(parseOutputs(text)).toEqual(expected);
  });

  it.each([
    ['a line of neither form', 'just text\n', /Invalid format/],
    ['an output without a name', '=1\n', /no name/],
    ['a heredoc without a delimiter', 'a<<\nx\n', /Invalid format/],
    ['a delimiter that never comes', 'a<<X\nline\n', /Matching delimiter not found 'X'/],
  ])('fails the step on %s, as the runner does', (_, text, message) => {
    expect(() => parseOutputs(text)).toThrow(message);
  });
});
