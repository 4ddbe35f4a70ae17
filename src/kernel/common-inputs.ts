// The inputs every action has (read by the runner host's `runAction` before the action's own): `token`, `dry-run`,
// `budget-reserve`. Each `action.yml` declares them beside the action's own `inputSchema`.
import { z } from 'zod';
import { actionInputs, booleanInput, intInput } from './inputs';

export const commonInputSchema = actionInputs({
  token: z.string({ error: 'is required' }).min(1, 'is required'),
  'dry-run': booleanInput(false),
  'budget-reserve': intInput({ min: 0, default: 50 }),
});

export type CommonInputs = z.output<typeof commonInputSchema>;
