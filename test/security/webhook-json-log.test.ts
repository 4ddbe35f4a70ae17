// The service's JSON log under hostile names: a repository, a label and a delivery id carrying C1 controls (CSI
// U+009B, NEL U+0085), DEL, the line and paragraph separators U+2028/U+2029, a bidirectional override and a lone
// surrogate. Each line stays one line of plain printable text (every such character an escape), and parses back
// to exactly the values that were logged.
import { describe, expect, it } from 'vitest';
import { jsonLogger } from '../../src/hosts/service/json-log';
import { jsonText } from '../../src/hosts/service/json-text';

const HOSTILE = [
  'octo/app\u009b2J\u009d0;owned\u0007',
  'x\u0085::error::nel\u2028line\u2029para',
  'del\u007fbidi\u202egnp.exe',
  'lone \ud800 high and \udc00 low',
  'tab\tnewline\ncr\rnul\u0000esc\u001b[2J',
];
const REPOSITORY = HOSTILE[0];
const LABEL = HOSTILE.slice(1).join(' ');
const DELIVERY = `d-${HOSTILE[2]}`;

/** Every character a terminal or a line-splitting reader acts on, raw. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udfff]/u;

function logLines(): { lines: string[]; write: (level: string, line: string) => void } {
  const lines: string[] = [];
  return { lines, write: (_level, line) => lines.push(line) };
}

describe('the service JSON log with hostile names', () => {
  it('writes one line of printable text per entry, which parses back to the same values', () => {
    const out = logLines();
    const log = jsonLogger({ secrets: [], verbose: true, write: out.write }).child({
      delivery: DELIVERY,
      repository: REPOSITORY,
      event: 'issues',
    });
    log.info(`Label "${LABEL}" does not exist`);
    log.warning(`Refused ${REPOSITORY}`);
    log.debug(LABEL);

    expect(out.lines).toHaveLength(3);
    for (const line of out.lines) {
      expect(line.endsWith('\n')).toBe(true);
      const text = line.slice(0, -1);
      expect(RAW_UNSAFE.test(text), JSON.stringify(text)).toBe(false);
      expect(text.split(/\r\n|\r|\n|\u0085|\u2028|\u2029/)).toHaveLength(1);
    }
    const [info, warning, debug] = out.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(info).toMatchObject({ level: 'info', message: `Label "${LABEL}" does not exist`, delivery: DELIVERY });
    expect(info.repository).toBe(REPOSITORY);
    expect(warning.message).toBe(`Refused ${REPOSITORY}`);
    expect(debug.message).toBe(LABEL);
  });

  it('escapes each class the way JSON writes escapes, so any JSON reader gets the value back', () => {
    expect(jsonText('\u009b\u0085\u007f\u2028\u2029\u202e\u2066')).toBe(
      '"\\u009b\\u0085\\u007f\\u2028\\u2029\\u202e\\u2066"',
    );
    expect(jsonText('\ud800|\udfff')).toBe('"\\ud800|\\udfff"');
    // A pair is one character (an emoji), not two lone halves: kept as it is.
    expect(jsonText('ok \u{1f44d}')).toBe('"ok \u{1f44d}"');
    for (const value of HOSTILE) expect(JSON.parse(jsonText({ value }, 2))).toEqual({ value });
  });

  it('masks a secret before escaping, also when the secret holds such characters', () => {
    const out = logLines();
    const secret = 'key\u2028with\u009bparts';
    jsonLogger({ secrets: [secret], verbose: false, write: out.write }).info(`token ${secret} here`);
    expect(JSON.parse(out.lines[0]).message).toBe('token *** here');
  });
});
