// The triage action as a value (kernel/action.ts): its name in the registry, its inputs' one definition and its run.
import { defineAction } from '../../kernel/action';
import { inputSchema } from './inputs';
import { run } from './run';

export const action = defineAction({
  name: 'triage',
  inputs: inputSchema,
  // actions/stale's and actions/labeler's `repo-token`, when given, is the token.
  tokenAlias: 'repo-token',
  run: (ctx) => run(ctx),
});
