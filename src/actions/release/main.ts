import { runAction } from '../../hosts/actions-runner/run';
import { run } from './run';

void runAction('release', run);
