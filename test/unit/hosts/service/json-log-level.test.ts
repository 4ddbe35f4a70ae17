// The service log's levels: debug < info < warning < error, the lowest written set by --log-level (verbose still
// meaning debug), error and warning lines to stderr's writer level, secrets masked at every level.
import { describe, expect, it } from 'vitest';
import { jsonLogger, type LogLevel } from '../../../../src/hosts/service/json-log';

function written(options: { level?: LogLevel; verbose?: boolean }) {
  const lines: [LogLevel, Record<string, unknown>][] = [];
  const log = jsonLogger({ secrets: ['hunter22'], ...options, write: (l, line) => lines.push([l, JSON.parse(line)]) });
  const child = log.child({ delivery: 'd-9', event: 'issues' });
  child.debug('d hunter22');
  child.info('i');
  child.warning('w');
  child.error('e hunter22');
  return lines;
}

describe('log levels', () => {
  it.each([
    [{}, ['info', 'warning', 'error']],
    [{ verbose: true }, ['debug', 'info', 'warning', 'error']],
    [{ level: 'debug' as const }, ['debug', 'info', 'warning', 'error']],
    [{ level: 'warning' as const }, ['warning', 'error']],
    [{ level: 'error' as const }, ['error']],
    [{ level: 'info' as const, verbose: true }, ['info', 'warning', 'error']],
  ])('%j writes %j', (options, levels) => {
    const lines = written(options);
    expect(lines.map(([l]) => l)).toEqual(levels);
    expect(lines.map(([, o]) => o.level)).toEqual(levels);
  });

  it('an error line carries the delivery fields with secrets masked', () => {
    const [[, line]] = written({ level: 'error' });
    expect(line).toMatchObject({ level: 'error', message: 'e ***', delivery: 'd-9', event: 'issues' });
  });
});
