// Entry point of the triage action: wires the shared runner and the action.
import { runAction } from '../core/run';
import { triageAction } from './action';

void runAction('triage', (ctx) => triageAction(ctx, process.env.GITHUB_WORKSPACE || process.cwd()));
