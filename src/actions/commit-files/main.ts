import { runAction } from '../../hosts/actions-runner/run';
import { run } from './run';

void runAction('commit-files', run);
