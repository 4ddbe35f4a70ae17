// `repo-actions <action> --help`: the action's own description and inputs, read from its action.yml, after the
// options every action takes. The inputs are what `--input name=value` accepts.
import { valueText } from '../../kernel/words';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';

const actionMetadata = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  inputs: z
    .record(
      z.string(),
      z
        .object({
          description: z.string().optional(),
          default: z.unknown().optional(),
          required: z.boolean().optional(),
        })
        .loose()
        .nullable(),
    )
    .optional(),
});

export type ActionMetadata = z.infer<typeof actionMetadata>;

export function readActionMetadata(actionYml: string): ActionMetadata {
  return actionMetadata.parse(parse(readFileSync(actionYml, 'utf8')));
}

export const ACTION_OPTIONS = `Options:
  --repo owner/name        the repository to act on (required)
  --input name=value       one of the inputs below (repeatable)
  --apply                  write for real (the default is a dry run: the plan and its cost only)
  --event name             the event to simulate (default workflow_dispatch)
  --payload file.json      the event payload
  --ref ref                GITHUB_REF (default refs/heads/main)
  --sha sha                GITHUB_SHA
  --api-url url            the API base (default GITHUB_API_URL or https://api.github.com)
  --workspace dir          GITHUB_WORKSPACE (default the current directory)
  --summary file.md        write the Markdown job summary there (default: appended to GITHUB_STEP_SUMMARY when set)
  --no-cache               keep nothing: no ETag cache or job memory from earlier runs, none left after (repo-actions cache)
  --verbose                show debug lines
  -h, --help               this help`;

/** Inputs the command line sets itself: listing them as `--input` would only invite a conflict. */
const SET_BY_THE_COMMAND_LINE = new Set(['dry-run']);

function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join(`\n${indent}`);
}

function defaultText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const text = valueText(value);
  // In Actions the token defaults to the workflow's; here it comes from the environment.
  if (/^\$\{\{\s*github\.token\s*\}\}$/.test(text)) return ' (default: GITHUB_TOKEN or GH_TOKEN)';
  return ` (default: ${text})`;
}

export function actionHelp(action: string, meta: ActionMetadata): string {
  const inputs = Object.entries(meta.inputs ?? {}).filter(([name]) => !SET_BY_THE_COMMAND_LINE.has(name));
  const indent = '    ';
  const described = inputs.map(([name, spec]) => {
    const required = spec?.required ? ' (required)' : '';
    const text = `${spec?.description ?? ''}${required}${defaultText(spec?.default)}`;
    return `  ${name}\n${indent}${wrap(text, 110, indent)}`;
  });
  return [
    `Usage: repo-actions ${action} --repo owner/name [--input name=value]... [--apply]`,
    '',
    meta.description ? wrap(meta.description, 114, '') : `Runs ${action}.`,
    'Nothing is written unless --apply is given. The token comes from GITHUB_TOKEN or GH_TOKEN.',
    '',
    ACTION_OPTIONS,
    '',
    `Inputs of ${action} (--input name=value; the input dry-run is not among them: every run is a dry run unless --apply is given):`,
    ...described,
  ].join('\n');
}
