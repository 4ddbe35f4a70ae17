// The label-sync action as a value (kernel/action.ts): its name in the registry, its inputs' one definition and its run.
import { defineAction } from '../../kernel/action';
import { inputSchema } from './inputs';
import { run } from './run';

export const action = defineAction({
  name: 'label-sync',
  inputs: inputSchema,
  // crazy-max/ghaction-github-labeler names the token `github-token` (domain/peer-names.ts).
  tokenAlias: 'github-token',
  run: (ctx) => run(ctx),
});
