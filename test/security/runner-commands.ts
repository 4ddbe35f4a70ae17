// Reads a step's stdout as the Actions runner reads it (actions/runner: `StreamReader.ReadLine` ends a line at
// `\n`, `\r` or `\r\n`; `ActionCommand.TryParseV2` takes a line whose text after `TrimStart()` starts with `::`,
// `TryParse` a line holding `##[` anywhere). Culture-sensitive comparison may skip ignorable characters, so this
// reader skips them too: it finds every line the runner could take as a command.

export interface RunnerCommand {
  /** `v2` (`::name props::data`) or `v1` (`##[name props]data`). */
  syntax: 'v1' | 'v2';
  name: string;
  /** The raw text between the name and the data (`title=…,file=…`). */
  properties: string;
  /** The data, `%`-decoded as the runner decodes it. */
  data: string;
  line: string;
}

const IGNORABLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}]/gu;
const decode = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');

/** Every line of `stdout` that the runner could take as a workflow command. */
export function runnerCommands(stdout: string): RunnerCommand[] {
  const out: RunnerCommand[] = [];
  for (const line of stdout.split(/\r\n|\r|\n/)) {
    const skeleton = line.replace(IGNORABLE, '');
    const v2 = /^[\s\u0085]*::([^:\s]+)(?: ([^:]*))?::(.*)$/su.exec(skeleton);
    if (v2) out.push({ syntax: 'v2', name: v2[1], properties: v2[2] ?? '', data: decode(v2[3]), line });
    const at = skeleton.indexOf('##[');
    if (at >= 0) {
      const v1 = /^##\[([^\]\s]+)(?: ([^\]]*))?\](.*)$/su.exec(skeleton.slice(at));
      if (v1) out.push({ syntax: 'v1', name: v1[1], properties: v1[2] ?? '', data: decode(v1[3]), line });
    }
  }
  return out;
}

/**
 * The commands an action may issue itself: annotations, debug lines, groups, and masks of its own token.
 * Anything else (stop-commands, a mask of something else, a v1 command, a property whose value is `marker`, as in
 * `title=INJECTED`) was forged.
 */
export function forgedCommands(stdout: string, marker: string, ownSecrets: readonly string[]): RunnerCommand[] {
  const own = new Set(['debug', 'error', 'warning', 'notice', 'group', 'endgroup', 'add-mask', 'set-output']);
  return runnerCommands(stdout).filter(
    (c) =>
      c.syntax === 'v1' ||
      !own.has(c.name) ||
      c.properties.split(',').some((p) => decode(p.slice(p.indexOf('=') + 1)) === marker) ||
      (c.name === 'add-mask' && !ownSecrets.includes(c.data)),
  );
}
