// The local step, before any request: the working directory, the files `paths` selects, the `paths` entries that
// match nothing (refused unless `allow-unmatched-paths`), the deletions the checkout shows, and the base commit.
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../../kernel/inputs';
import type { ActionContext } from '../../kernel/action';
import { plural } from '../../kernel/words';
import { checkLocalBase } from './domain/change-base';
import { readCheckoutBase, type CheckoutBase } from './domain/checkout-base';
import { checkWorkingDirectory, type CommitInputs } from './inputs';
import type { CommitLimits } from './domain/limits';
import { scanWorkingDirectory, type ScanResult } from './domain/local';
import { deletedInCheckout } from './domain/local-git';
import { parsePathSpec, PathSelection } from './domain/path-spec';
import { deleteMissingUnmatchedRefusal, unmatchedPathsRefusal } from './domain/refusals';

export interface LocalState {
  workingDirectory: string;
  selection: PathSelection;
  deletes: PathSelection;
  scan: ScanResult;
  /** Files the checkout tracks that an earlier step deleted. */
  deletedLocally: Set<string>;
  base: CheckoutBase;
}

/** The selections, with `.github/workflows` left out when `exclude-workflows` asks. */
function selections(config: CommitInputs) {
  const workflows = config.excludeWorkflows ? [parsePathSpec('paths', '!.github/workflows')] : [];
  return {
    selection: new PathSelection([...config.paths, ...workflows]),
    deletes: new PathSelection([...config.deletePaths, ...workflows]),
  };
}

/** The unmatched `paths` entries that are not an existing (empty) local folder. */
async function absentEntries(unmatched: string[], selection: PathSelection, root: string): Promise<string[]> {
  const out: string[] = [];
  for (const text of unmatched) {
    const spec = selection.include.find((s) => s.text === text);
    const folder =
      spec?.kind === 'path'
        ? await lstat(join(root, spec.path)).then(
            (s) => s.isDirectory(),
            () => false,
          )
        : false;
    if (!folder) out.push(text);
  }
  return out;
}

function logScan(scan: ScanResult, dir: string, log: ActionContext['log']): void {
  for (const spec of scan.unmatched) log.warning(`paths: "${spec}" matches no file in ${dir}`);
  for (const path of scan.skipped) log.warning(`${path} is neither a file nor a symbolic link: skipped`);
  for (const path of scan.nested) log.info(`${path} holds its own .git (a submodule or nested clone): left alone`);
  if (scan.ignored.length) {
    const shown = scan.ignored.slice(0, 10).join(', ');
    log.info(
      `${plural(scan.ignored.length, 'path')} ignored by .gitignore (name them in "paths" to commit them): ${shown}${scan.ignored.length > 10 ? ', …' : ''}`,
    );
  }
  log.info(`${plural(scan.files.length, 'local file')} selected in ${dir}`);
}

export async function scanStep(ctx: ActionContext, config: CommitInputs, limits: CommitLimits): Promise<LocalState> {
  const { selection, deletes } = selections(config);
  const workingDirectory = await checkWorkingDirectory(config.workingDirectory, ctx.workspace);
  const scan = await scanWorkingDirectory(workingDirectory, selection, {
    textCheckMax: limits.inlineMaxBytes,
    blobMaxBytes: limits.blobMaxBytes,
    input: 'paths',
  });
  const absent = await absentEntries(scan.unmatched, selection, workingDirectory);
  // With delete-missing, an entry that matches nothing locally (a failed build, a typo) would delete everything
  // it selects on the branch. A folder that exists and is empty is a deliberate state and is allowed.
  if (absent.length && config.deleteMissing)
    throw new InputError(absent.map((spec) => ({ input: 'paths', message: deleteMissingUnmatchedRefusal(spec) })));
  if (absent.length && !config.allowUnmatchedPaths)
    throw new InputError([{ input: 'paths', message: unmatchedPathsRefusal(absent) }]);
  logScan(scan, workingDirectory, ctx.log);
  const deletedLocally = new Set(await deletedInCheckout(workingDirectory, ctx.processEnv));
  const selected = [...deletedLocally].filter((p) => selection.selects(p));
  if (selected.length)
    ctx.log.info(
      `${plural(selected.length, 'file')} tracked by the local checkout deleted and selected by "paths": deleted on the branch`,
    );
  const base = await readCheckoutBase(workingDirectory, ctx.context.runSha, ctx.processEnv);
  checkLocalBase(base, config.onUnknownBase);
  return { workingDirectory, selection, deletes, scan, deletedLocally, base };
}
