// Fails when the committed dist/ differs from a fresh build of src/.
import { execFileSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
execFileSync(process.execPath, [new URL('./build.mjs', import.meta.url).pathname], { cwd: root, stdio: 'inherit' });
const status = execFileSync('git', ['status', '--porcelain', '--', 'dist'], { cwd: root, encoding: 'utf8' });
if (status.trim()) {
  console.error('dist/ is stale: rebuild with `npm run build` and commit the result.\n' + status);
  execFileSync('git', ['--no-pager', 'diff', '--stat', '--', 'dist'], { cwd: root, stdio: 'inherit' });
  process.exit(1);
}
console.log('dist/ matches a fresh build');
