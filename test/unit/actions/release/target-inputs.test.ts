import { describe, expect, it } from 'vitest';
import type { EventContext } from '../../../../src/kernel/context';
import { InputError } from '../../../../src/kernel/inputs';
import { chooseWinner } from '../../../../src/actions/release/domain/find';
import { readInputs } from '../../../../src/actions/release/inputs';
import type { RemoteRelease } from '../../../../src/actions/release/domain/release-types';
import { resolveTagAndTarget } from '../../../../src/actions/release/domain/target';

function context(extra: Partial<EventContext> = {}): EventContext {
  return {
    eventName: 'push',
    owner: 'o',
    repo: 'r',
    repository: 'o/r',
    ref: 'refs/heads/main',
    sha: 's1',
    runRef: 'refs/heads/main',
    runSha: 's1',
    inputs: {},
    actor: 'me',
    payload: {},
    ...extra,
  };
}

describe('resolveTagAndTarget', () => {
  it('takes the inputs first', () => {
    expect(resolveTagAndTarget({ tag: 'v2', target: 'main' }, context({ runRef: 'refs/tags/v1' }))).toMatchObject({
      tag: 'v2',
      target: 'main',
    });
  });

  it('defaults to the pushed tag and GITHUB_SHA', () => {
    expect(resolveTagAndTarget({}, context({ runRef: 'refs/tags/v1.2.3', runSha: 'abc' }))).toMatchObject({
      tag: 'v1.2.3',
      target: 'abc',
      source: 'GITHUB_REF',
    });
  });

  it("under workflow_run takes the triggering run's tag and head_sha", () => {
    const run = {
      id: 1,
      name: 'build',
      conclusion: 'success',
      event: 'push',
      headBranch: 'v3.0.0',
      headSha: 'h1',
      headRepo: 'o/r',
      pullRequests: [],
    };
    const ctx = context({ eventName: 'workflow_run', workflowRun: run, runSha: 'main-sha' });
    // resolveWorkflowRunRef (src/kernel) found the head_branch to be a tag.
    expect(resolveTagAndTarget({}, { ...ctx, tag: 'v3.0.0', ref: 'refs/tags/v3.0.0' })).toMatchObject({
      tag: 'v3.0.0',
      target: 'h1',
    });
    // A branch of that name is no tag.
    expect(() => resolveTagAndTarget({}, ctx)).toThrow(InputError);
    const released = context({ eventName: 'workflow_run', workflowRun: { ...run, event: 'release' }, tag: 'v3.0.0' });
    expect(resolveTagAndTarget({}, released)).toMatchObject({ tag: 'v3.0.0', target: 'h1' });
  });

  it('requires the tag otherwise, saying why', () => {
    expect(() => resolveTagAndTarget({}, context())).toThrow(/Input "tag" is required.*refs\/heads\/main/);
    expect(() => resolveTagAndTarget({ draft: false }, context())).toThrow(
      /only a draft \(`draft: true`\) may have none/,
    );
  });

  it('leaves a draft without a tag only when no tag is anywhere (as softprops: the pushed tag first)', () => {
    expect(resolveTagAndTarget({ draft: true }, context())).toEqual({
      tag: '',
      target: 's1',
      source: 'no tag anywhere: an untagged draft',
    });
    expect(resolveTagAndTarget({ draft: true }, context({ runRef: 'refs/tags/v1' }))).toMatchObject({ tag: 'v1' });
    expect(resolveTagAndTarget({ draft: true, tag: 'v2' }, context())).toMatchObject({ tag: 'v2' });
  });

  it('reads softprops\' tag_name: "" with draft: true as no tag and a draft', () => {
    const values: Record<string, string> = { tag_name: '', draft: 'true', name: 'Next' };
    const input = readInputs((name) => values[name]);
    expect(input).toMatchObject({ tag: undefined, draft: true, name: 'Next' });
    expect(resolveTagAndTarget({ tag: input.tag, draft: input.draft }, context()).tag).toBe('');
  });
});

describe('chooseWinner', () => {
  const r = (id: number, draft = true) => ({ id, draft }) as RemoteRelease;
  it('prefers the published release, else the lowest id', () => {
    expect(chooseWinner([r(5), r(3), r(9)])?.id).toBe(3);
    expect(chooseWinner([r(5), r(3), r(9, false)])?.id).toBe(9);
    expect(chooseWinner([])).toBeUndefined();
  });
});

describe('readInputs', () => {
  const read = (values: Record<string, string>) => (name: string) => values[name];

  it('applies the defaults', () => {
    expect(readInputs(read({}))).toMatchObject({
      generateReleaseNotes: false,
      draft: false,
      prerelease: false,
      files: [],
      failOnUnmatchedFiles: false,
      existingAssets: 'replace',
      maxParallelUploads: 4,
      repository: undefined,
      assetLabels: new Map(),
    });
  });

  it('reads the repository, asset labels and body additions', () => {
    const v = readInputs(
      read({
        repository: 'octo/tools',
        'asset-labels': 'app.zip = The app (zip)\nSHA256SUMS=Checksums',
        'append-body': 'Signed.',
        'previous-tag': 'v0.9.0',
      }),
    );
    expect(v.repository).toEqual({ owner: 'octo', repo: 'tools' });
    expect([...v.assetLabels]).toEqual([
      ['app.zip', 'The app (zip)'],
      ['SHA256SUMS', 'Checksums'],
    ]);
    expect(v).toMatchObject({ appendBody: 'Signed.', previousTag: 'v0.9.0' });
    expect(() => readInputs(read({ repository: '../..' }))).toThrow(/repository/);
    expect(() => readInputs(read({ repository: 'octo/tools/x' }))).toThrow(/repository/);
    expect(() => readInputs(read({ 'asset-labels': 'no label here' }))).toThrow(/asset-labels.*name=label/);
  });

  it('parses files one per line or comma-separated, strips refs/tags/, validates enums and bounds', () => {
    const v = readInputs(
      read({
        tag: 'refs/tags/v1',
        files: 'dist/*.zip\n\n# comment\nbuild/a,b.bin',
        'existing-assets': 'SKIP',
        'make-latest': 'legacy',
      }),
    );
    expect(v).toMatchObject({
      tag: 'v1',
      files: ['dist/*.zip', 'build/a', 'b.bin'],
      existingAssets: 'skip',
      makeLatest: 'legacy',
    });
    expect(() => readInputs(read({ 'existing-assets': 'overwrite' }))).toThrow(/existing-assets.*replace, skip, fail/);
    expect(() => readInputs(read({ 'max-parallel-uploads': '0' }))).toThrow(/max-parallel-uploads/);
    expect(() => readInputs(read({ tag: 'v 1' }))).toThrow(/tag/);
    expect(() => readInputs(read({ checksums: 'dir/SUMS' }))).toThrow(/checksums.*file name/);
  });
});

describe('tag names from inputs follow git check-ref-format', () => {
  const read = (values: Record<string, string>) => (name: string) => values[name];
  it.each(['..', 'v1/../x', 'a..b', '@', 'x@{1}', '.hidden', 'v1/.x', 'v1.', 'v1/', '/v1', 'v1.lock', 'a//b'])(
    'refuses %s (tag and previous-tag)',
    (tag) => {
      expect(() => readInputs(read({ tag }))).toThrow(/tag/);
      expect(() => readInputs(read({ 'previous-tag': tag }))).toThrow(/previous-tag/);
    },
  );
  it.each(['v1.2.3', 'release/v1', 'v1.0.0-rc.1', 'v1+build.5', '2024.01'])('accepts %s', (tag) => {
    expect(readInputs(read({ tag })).tag).toBe(tag);
  });
});
