import { runAction } from '../../hosts/actions-runner/run';
import { run } from './run';

// actions/stale's and actions/labeler's `repo-token`, when given, is the token.
void runAction('triage', run, { tokenAlias: 'repo-token' });
