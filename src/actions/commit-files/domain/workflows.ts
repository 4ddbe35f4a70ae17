// Workflow files and the workflow token. GitHub refuses a push that adds, changes or deletes anything under
// `.github/workflows/` unless the token has the `workflows` permission ("refusing to allow a GitHub App to create or
// update workflow `.github/workflows/x.yml` without `workflows` permission": create-pull-request#1713,
// git-auto-commit-action#322, auto-pull-request-merge#481), and the workflow token (GITHUB_TOKEN) never has it.
// The workflow token is recognised by comparing the token in use with the hidden `workflow-token` input, whose
// default is `${{ github.token }}`: that holds whatever the token's rate limit (1 000 an hour on github.com, 15 000
// for Enterprise Cloud repositories, none reported on GitHub Enterprise Server). Without that input (a local run),
// an installation token (`ghs_`) with a limit of exactly 1 000 is taken for it. Such a commit is refused before the
// first write.
import type { BudgetState } from '../../../github/client/types';

export function isWorkflowPath(path: string): boolean {
  return path.startsWith('.github/workflows/');
}

const WORKFLOW_TOKEN_LIMIT = 1000;

/** True when the token is the workflow token: the `workflow-token` input's, else by its prefix and rate limit. */
export function isWorkflowToken(token: string, workflowToken: string | undefined, budget: BudgetState): boolean {
  if (workflowToken) return token === workflowToken;
  return token.startsWith('ghs_') && budget.known && budget.limit === WORKFLOW_TOKEN_LIMIT;
}

/** Why this commit cannot be made with this token, or undefined. */
export function workflowTokenProblem(
  token: string,
  workflowToken: string | undefined,
  budget: BudgetState,
  workflowPaths: string[],
): string | undefined {
  if (workflowPaths.length === 0 || !isWorkflowToken(token, workflowToken, budget)) return undefined;
  const shown = workflowPaths.slice(0, 5).join(', ') + (workflowPaths.length > 5 ? ', …' : '');
  return (
    `This commit changes workflow files (${shown}), which GitHub refuses from the workflow token (GITHUB_TOKEN never ` +
    'has the `workflows` permission). Use a GitHub App installation token or a fine-grained personal access token with ' +
    '"Workflows: write" as `token`, or set `exclude-workflows: true` to leave .github/workflows out of the commit. ' +
    'Nothing was written.'
  );
}
