import { runAction } from '../core/run';
import { run } from './run';

void runAction('commit-files', run);
