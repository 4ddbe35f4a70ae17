// Entry point of the label-sync action: wires the inputs, the shared runner and the sync.
import { runAction } from '../core/run';
import { readLabelSyncInputs } from './inputs';
import { syncLabels } from './sync';

void runAction('label-sync', (ctx) =>
  syncLabels(ctx, readLabelSyncInputs(), process.env.GITHUB_WORKSPACE || process.cwd()),
);
