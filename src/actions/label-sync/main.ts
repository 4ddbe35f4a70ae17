// Entry point of the label-sync action.
import { tokenUnder } from '../../kernel/peer-inputs';
import { runAction } from '../../hosts/actions-runner/run';
import { run } from './run';

// crazy-max/ghaction-github-labeler names the token `github-token` (see peer-names.ts).
void runAction('label-sync', run, { readInput: tokenUnder('github-token') });
