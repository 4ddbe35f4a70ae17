// Entry point of the release action: only wiring (inputs, client, context → runRelease → outputs and summary).
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { InputError } from '../core/inputs';
import { formatPlan } from '../core/plan';
import { setOutputs } from '../core/outputs';
import { runAction } from '../core/run';
import { resolveWorkflowRunRef } from '../core/workflow-run-ref';
import { addHeading, addMarkdown, addTable } from '../core/summary';
import { ReleaseApi } from './api';
import { runRelease } from './apply';
import { desiredAssets } from './desired-assets';
import { readReleaseInputs } from './inputs';
import { matchFiles } from './local-files';
import { planOperations } from './plan-report';
import { resolveTagAndTarget } from './target';

async function readBody(body: string | undefined, bodyPath: string | undefined): Promise<string | undefined> {
  if (!bodyPath) return body;
  try {
    return await readFile(bodyPath, 'utf8');
  } catch (err) {
    throw new InputError([
      { input: 'body-path', message: `Input "body-path" names a file that cannot be read: ${(err as Error).message}` },
    ]);
  }
}

void runAction('release', async ({ client, inputs, context, log }) => {
  const input = readReleaseInputs();
  if (input.body !== undefined && input['body-path'])
    log.warning('Both `body` and `body-path` are set: the notes come from `body-path`.');
  const body = await readBody(input.body, input['body-path']);

  // Everything that can be wrong locally fails here, before any request.
  const match = await matchFiles(input.files, process.env.GITHUB_WORKSPACE || process.cwd());
  const local = desiredAssets(match, { failOnUnmatched: input['fail-on-unmatched-files'], checksums: input.checksums });
  for (const w of local.warnings) log.warning(w);
  if (local.errors.length)
    throw new AggregateError(
      local.errors.map((e) => new Error(e)),
      `${local.errors.length} problem${local.errors.length === 1 ? '' : 's'} with \`files\`; nothing was sent.`,
    );

  const api = new ReleaseApi(client, { owner: context.owner, repo: context.repo });
  // Under workflow_run, whether the triggering run's head_branch is a tag only the API can tell (one or two reads).
  const event = input.tag ? context : await resolveWorkflowRunRef(context, client);
  const { tag, target, source } = resolveTagAndTarget({ tag: input.tag, target: input['target-commitish'] }, event);
  log.info(
    `Release ${tag} (tag from ${source}${target ? `, target ${target}` : ''}), ${local.assets.length} file${local.assets.length === 1 ? '' : 's'}.`,
  );

  const result = await runRelease(
    {
      api,
      budget: client.budget,
      log,
      tempDir: process.env.RUNNER_TEMP || tmpdir(),
      uploadBaseDelayMs: 1000 * client.options.timeScale,
    },
    {
      desired: {
        tag,
        name: input.name,
        body,
        generateNotes: input['generate-release-notes'],
        target,
        draft: input.draft,
        prerelease: input.prerelease,
        makeLatest: input['make-latest'],
        discussionCategory: input['discussion-category'],
      },
      assets: local.assets,
      options: { existingAssets: input['existing-assets'], checksums: input.checksums },
      maxParallelUploads: input['max-parallel-uploads'],
      dryRun: inputs.dryRun,
    },
  );

  const release = result.release;
  setOutputs({
    id: release?.id,
    'html-url': release?.html_url,
    'upload-url': release?.upload_url,
    tag,
    created: result.created,
    assets: result.assets,
  });
  addHeading(`Release ${tag}${inputs.dryRun ? ' (dry run)' : ''}`);
  if (release && !inputs.dryRun)
    addMarkdown(
      `[${release.name || tag}](${release.html_url}) — ${release.draft ? 'draft' : release.prerelease ? 'pre-release' : 'published'}${result.created ? ', created by this run' : ''}`,
    );
  addMarkdown(formatPlan(planOperations(result.plan), { markdown: true }));
  if (result.assets.length)
    addTable(
      ['asset', 'size', 'sha256'],
      result.assets.map((a) => [a.name, a.size, a.digest ?? '']),
    );
});
