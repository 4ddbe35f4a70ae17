// Entry point of the commit-files action: wiring only.
import { runAction } from '../core/run';
import { commitFiles } from './action';

void runAction('commit-files', (ctx) => commitFiles(ctx));
