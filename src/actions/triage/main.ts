// The triage action's entry point on the Actions runner (the bundle dist/triage/index.js).
import { runAction } from '../../hosts/actions-runner/run';
import { action } from './action';

void runAction(action);
