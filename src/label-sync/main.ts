// Entry point of the label-sync action.
import { runAction } from '../core/run';
import { run } from './run';

void runAction('label-sync', run);
