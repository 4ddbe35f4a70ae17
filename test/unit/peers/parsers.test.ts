// The peers' list syntaxes, read as each peer reads them (table-driven), and the resolution of peer names: an alias
// becomes our input, a name given twice is an error naming both, an input not offered fails with its reason.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getInputs, InputError } from '../../../src/kernel/inputs';
import { peerReader, splitOutsideBraces } from '../../../src/kernel/peer-inputs';
import { inputSchema as commitSchema } from '../../../src/actions/commit-files/inputs';
import {
  commaOrNewlineList,
  commitFilesPeers,
  filePatternWords,
} from '../../../src/actions/commit-files/domain/peer-names';
import { inputSchema as labelSchema, readLabelSyncInputs } from '../../../src/actions/label-sync/inputs';
import { configFileLines } from '../../../src/actions/label-sync/domain/peer-names';
import { readInputs } from '../../../src/actions/release/inputs';
import { matchFiles, splitPatterns } from '../../../src/actions/release/domain/local-files';
import { ncipolloArtifacts } from '../../../src/actions/release/domain/peer-names';

const reader = (values: Record<string, string>) => (name: string) => values[name];

describe('softprops smartSplit: commas split outside braces only', () => {
  it.each([
    ['yazi-*.{zip,snap}.sha256', ['yazi-*.{zip,snap}.sha256']],
    ['a.zip,b.zip', ['a.zip', 'b.zip']],
    [' a.zip , {x,y}/*.tar.gz ,', ['a.zip', '{x,y}/*.tar.gz']],
    ['{a,{b,c}},d', ['{a,{b,c}}', 'd']],
    ['}a,b', ['}a,b']],
    ['', []],
  ])('%j → %j', (line, items) => {
    expect(splitOutsideBraces(line)).toEqual(items);
  });

  it('lines first, then commas (parseInputFiles)', () => {
    expect(splitPatterns(['dist/yazi-*.{zip,snap}', 'dist/a.deb, dist/b.rpm'])).toEqual([
      'dist/yazi-*.{zip,snap}',
      'dist/a.deb',
      'dist/b.rpm',
    ]);
  });

  it('a brace set in the last part matches each alternative that exists (one pattern, not a literal name)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'peers-'));
    try {
      mkdirSync(join(dir, 'dist'));
      writeFileSync(join(dir, 'dist', 'app-windows.msi'), 'w');
      writeFileSync(join(dir, 'dist', 'yazi.snap.sha256'), 's');
      const match = await matchFiles(splitPatterns(['dist/app-windows.{zip,msi}, dist/yazi.{zip,snap}.sha256']), {
        workspace: dir,
        base: dir,
      });
      expect(match.files.map((f) => f.fileName)).toEqual(['app-windows.msi', 'yazi.snap.sha256']);
      expect(match.unmatched).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is linear: a long line of braces splits in one pass', () => {
    const line = `${'{'.repeat(50_000)},${'}'.repeat(50_000)}`;
    const start = performance.now();
    expect(splitOutsideBraces(line)).toHaveLength(1);
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe('the other peers’ lists', () => {
  it.each([
    ['a.zip,b.zip', 'a.zip\nb.zip'],
    ['a.zip\n  b.zip,\nc-{x,y}.zip', 'a.zip\nb.zip\nc-{x\ny}.zip'],
  ])('ncipollo artifacts %j (every comma and newline)', (raw, lines) => {
    expect(ncipolloArtifacts(raw)).toBe(lines);
  });

  it.each([
    ['contribution/core,dependencies,auto-approve', ['contribution/core', 'dependencies', 'auto-approve']],
    ['bug\n enhancement ,\n\n,docs', ['bug', 'enhancement', 'docs']],
    ['', []],
  ])('create-pull-request getStringAsArray %j', (raw, items) => {
    expect(commaOrNewlineList(raw)).toEqual(items);
  });

  it.each([
    ['*.php src/*.js', ['*.php', 'src/*.js']],
    ['  a\tb  ', ['a', 'b']],
    ['first line\nsecond', ['first', 'line']],
  ])('git-auto-commit file_pattern %j (first line, split at blanks)', (raw, words) => {
    expect(filePatternWords(raw)).toEqual(words);
  });

  it('EndBug config-file: paths stay, raw.githubusercontent.com addresses become owner/name@ref:path', () => {
    expect(configFileLines('.github/labels.yml\nhttps://raw.githubusercontent.com/octo/meta/main/labels.yml')).toBe(
      '.github/labels.yml\nocto/meta@main:labels.yml',
    );
    expect(() => configFileLines('https://example.com/labels.yml')).toThrow(/owner\/name@ref:path/);
  });
});

describe('release: softprops and ncipollo steps', () => {
  it('a softprops step reads as softprops means it', () => {
    const v = readInputs(
      reader({
        tag_name: 'refs/tags/v2.0.0',
        files: 'dist/yazi-*.{zip,snap}.sha256\ndist/a.deb,dist/b.rpm',
        fail_on_unmatched_files: 'yes',
        generate_release_notes: 'true',
        make_latest: 'sometimes',
        overwrite_files: 'false',
        preserve_order: 'true',
        body_path: 'NOTES.md',
        working_directory: 'out',
        target_commitish: 'main',
        previous_tag: 'v1.0.0',
        discussion_category_name: 'Announcements',
      }),
    );
    expect(v).toMatchObject({
      tag: 'v2.0.0',
      files: ['dist/yazi-*.{zip,snap}.sha256', 'dist/a.deb', 'dist/b.rpm'],
      failOnUnmatchedFiles: false,
      generateReleaseNotes: true,
      makeLatest: undefined,
      existingAssets: 'skip',
      maxParallelUploads: 1,
      bodyPath: 'NOTES.md',
      workingDirectory: 'out',
      targetCommitish: 'main',
      previousTag: 'v1.0.0',
      discussionCategory: 'Announcements',
    });
  });

  it('append_body: true appends body (not in place of the notes); with body_path it is refused', () => {
    const v = readInputs(reader({ body: 'Signed.', append_body: 'true' }));
    expect(v).toMatchObject({ body: undefined, appendBody: 'Signed.' });
    expect(readInputs(reader({ body: 'Notes', append_body: 'false' }))).toMatchObject({ body: 'Notes' });
    expect(() => readInputs(reader({ body_path: 'N.md', append_body: 'true' }))).toThrow(/append_body.*append-body/);
  });

  it('an ncipollo step reads as ncipollo means it; owner or repo alone keeps the other part', () => {
    const v = readInputs(
      reader({
        artifacts: 'a.zip,b.zip',
        artifactErrorsFailBuild: 'true',
        artifactContentType: 'raw',
        replacesArtifacts: 'false',
        removeArtifacts: 'true',
        makeLatest: 'legacy',
        generateReleaseNotes: 'true',
        omitBodyDuringUpdate: 'true',
        repo: 'tools',
        allowUpdates: 'true',
        immutableCreate: 'false',
      }),
      'octo/app',
    );
    expect(v).toMatchObject({
      files: ['a.zip', 'b.zip'],
      failOnUnmatchedFiles: true,
      assetContentType: 'application/octet-stream',
      existingAssets: 'skip',
      removeAssets: true,
      makeLatest: 'legacy',
      generateReleaseNotes: true,
      omitBodyDuringUpdate: true,
      repository: { owner: 'octo', repo: 'tools' },
    });
    expect(readInputs(reader({ owner: 'someone', repo: 'tools' }), 'octo/app').repository).toEqual({
      owner: 'someone',
      repo: 'tools',
    });
  });

  it.each([
    [{ tag: 'v1', tag_name: 'v2' }, /"tag" is given twice: as "tag" and as "tag_name"/],
    [{ files: 'a', artifacts: 'b' }, /"files" is given twice/],
    [{ tag_name: 'v1', tag: 'v1' }, /"tag" is given twice/],
    [{ body_path: 'a.md', bodyFile: 'b.md' }, /"body_path" and "bodyFile" both set "body-path"/],
    [{ allowUpdates: 'false' }, /"allowUpdates" \(ncipollo\/release-action\) is not offered: .*skip-if-release-exists/],
    [{ omitBody: 'true' }, /"omitBody" .* not offered: leave `body`/],
  ])('%j is refused, naming both names or the reason', (values, message) => {
    expect(() => readInputs(reader(values))).toThrow(message);
  });

  it('our input at its action.yml default (the runner passes it) does not count as given', () => {
    const v = readInputs(reader({ 'fail-on-unmatched-files': 'false', fail_on_unmatched_files: 'true' }));
    expect(v.failOnUnmatchedFiles).toBe(true);
  });

  it('every problem is named at once', () => {
    try {
      readInputs(reader({ allowUpdates: 'false', omitName: 'true', tag: 'a', tag_name: 'b' }));
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(InputError);
      expect((err as InputError).problems.map((p) => p.input).sort()).toEqual(['allowUpdates', 'omitName', 'tag']);
    }
  });
});

describe('commit-files: create-pull-request and git-auto-commit-action steps', () => {
  const read = (values: Record<string, string>) =>
    getInputs(commitSchema, peerReader(commitSchema, commitFilesPeers(), reader(values)));

  it('labels and add-paths as comma lists; the peer’s defaults fill what it leaves out', () => {
    const v = read({
      labels: 'contribution/core,dependencies,auto-approve',
      'add-paths': 'src/*.ts,docs',
      reviewers: 'octocat, hubot',
      'team-reviewers': 'octo-org/qa',
      milestone: '0',
      draft: 'always-true',
      'delete-branch': 'true',
    });
    expect(v).toMatchObject({
      pullRequestLabels: ['contribution/core', 'dependencies', 'auto-approve'],
      pullRequestReviewers: ['octocat', 'hubot'],
      pullRequestTeamReviewers: ['qa'],
      pullRequestMilestone: undefined,
      pullRequestDraft: true,
      deleteBranchWhenUnchanged: true,
      message: '[create-pull-request] automated change',
      branch: 'create-pull-request/patch',
      pullRequestTitle: 'Changes by create-pull-request action',
    });
    expect(v.paths.map((p) => p.text)).toEqual(['src/*.ts', 'docs']);
  });

  it('git-auto-commit-action: file_pattern words, the committer from two inputs, tag_name', () => {
    const v = read({ file_pattern: '*.php src/*.js', commit_user_name: 'Bot', tag_name: 'v1.2.3' });
    expect(v.paths.map((p) => p.text)).toEqual(['*.php', 'src/*.js']);
    expect(v).toMatchObject({
      committer: { name: 'Bot', email: '41898282+github-actions[bot]@users.noreply.github.com' },
      tag: 'v1.2.3',
      message: 'Apply automatic changes',
    });
  });

  it.each([
    [{ message: 'a', 'commit-message': 'b' }, /"message" is given twice/],
    [{ message: 'a', commit_message: 'b', 'commit-message': 'c' }, /"commit-message" and "commit_message" both set/],
    [{ message: 'a', before_commit_hook: 'npm run fmt' }, /before_commit_hook.*no git step to hook into/],
    [{ message: 'a', skip_push: 'true' }, /skip_push.*nothing to push/],
  ])('%j is refused, naming both names or the reason', (values, message) => {
    expect(() => read(values)).toThrow(message);
  });

  it('inputs that mean what this action does anyway are accepted', () => {
    expect(read({ message: 'a', skip_fetch: 'true', create_branch: 'true', 'sign-commits': 'true' }).message).toBe('a');
  });
});

describe('label-sync: ghaction-github-labeler and EndBug steps', () => {
  it('yaml-file, skip-delete turned around, exclude as a comma list', () => {
    const v = readLabelSyncInputs(
      reader({ 'yaml-file': '.github/my-labels.yml', 'skip-delete': 'false', exclude: 'help*,*issue,{a,b}*' }),
    );
    expect(v).toMatchObject({ config: ['.github/my-labels.yml'], prune: true, exclude: ['help*', '*issue', '{a,b}*'] });
    expect(readLabelSyncInputs(reader({ 'skip-delete': 'true' })).prune).toBe(false);
  });

  it('EndBug: config-file and delete-other-labels; source-repo is refused with its reason', () => {
    expect(readLabelSyncInputs(reader({ 'config-file': 'a.yml\nb.yml', 'delete-other-labels': 'true' }))).toMatchObject(
      {
        config: ['a.yml', 'b.yml'],
        prune: true,
      },
    );
    expect(() => readLabelSyncInputs(reader({ 'source-repo': 'octo/other' }))).toThrow(/source-repo.*gh label list/);
    expect(() => readLabelSyncInputs(reader({ prune: 'true', 'skip-delete': 'false' }))).toThrow(
      /"prune" is given twice/,
    );
    expect(Object.keys(labelSchema.in.shape)).toContain('yaml-file');
  });
});
