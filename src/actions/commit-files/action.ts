// The commit-files action as a value (kernel/action.ts): its name in the registry, its inputs' one definition and its run.
import { defineAction } from '../../kernel/action';
import { inputSchema } from './inputs';
import { run } from './run';

export const action = defineAction({
  name: 'commit-files',
  inputs: inputSchema,
  run: (ctx) => run(ctx),
});
