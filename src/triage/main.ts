import { runAction } from '../core/run';
import { run } from './run';

void runAction('triage', run);
