// Every action's inputs have one definition: the zod `inputSchema` its `src/actions/<name>/inputs.ts` exports. Its keys plus
// the common inputs core reads are exactly the inputs `action.yml` declares, and the defaults agree. The actions come
// from the registry (src/actions), so a new action is covered without editing this test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ACTION_NAMES, actionPaths } from '../../../src/actions';
import { commonInputSchema } from '../../../src/kernel/common-inputs';
import { inputFields, type ActionInputSchema, type InputField, type InputSchema } from '../../../src/kernel/inputs';

const root = join(__dirname, '..', '..', '..');
const actions = ACTION_NAMES;

interface ActionYml {
  inputs?: Record<string, { required?: boolean; default?: unknown }>;
}

function declaredInputs(name: string): Record<string, { required?: boolean; default?: unknown }> {
  const yml = parse(readFileSync(join(root, actionPaths(name).actionYml), 'utf8')) as ActionYml;
  return yml.inputs ?? {};
}

async function schemaOf(name: string): Promise<InputSchema | ActionInputSchema | undefined> {
  const module = (await import(join(root, actionPaths(name).inputs))) as { inputSchema?: InputSchema };
  return module.inputSchema;
}

/** What the runner hands over for a default: `core.getInput` gives '' for none, which core reads as not given. */
function given(value: unknown): string | undefined {
  const text = value === undefined || value === null ? '' : String(value);
  return text.trim() === '' ? undefined : text;
}

/** A value that says "nothing" (what an input left empty in action.yml may parse to). */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === '' || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Map || value instanceof Set) return value.size === 0;
  return false;
}

function parsed(field: InputField, raw: string | undefined): { ok: boolean; value?: unknown } {
  const result = field.safeParse(raw);
  return result.success ? { ok: true, value: result.data } : { ok: false };
}

it('finds the actions in actions/', () => {
  expect(actions.length).toBeGreaterThanOrEqual(4);
});

describe.each(actions)('actions/%s', (name) => {
  it('src/actions/<name>/inputs.ts exports `inputSchema`', async () => {
    expect(await schemaOf(name), `src/actions/${name}/inputs.ts must export inputSchema`).toBeDefined();
  });

  it("the schema's inputs plus the common ones are exactly action.yml's", async () => {
    const schema = await schemaOf(name);
    if (!schema) throw new Error(`src/actions/${name}/inputs.ts exports no inputSchema`);
    const own = Object.keys(inputFields(schema));
    const common = Object.keys(inputFields(commonInputSchema));
    expect(
      own.filter((input) => common.includes(input)),
      'the common inputs are read by the runner host only',
    ).toEqual([]);
    expect([...own, ...common].sort()).toEqual(Object.keys(declaredInputs(name)).sort());
  });

  it("the defaults agree with action.yml's", async () => {
    const schema = await schemaOf(name);
    if (!schema) throw new Error(`src/actions/${name}/inputs.ts exports no inputSchema`);
    const fields = { ...inputFields(commonInputSchema), ...inputFields(schema) };
    const disagreements: string[] = [];
    for (const [input, spec] of Object.entries(declaredInputs(name))) {
      const field = fields[input];
      // An expression (`${{ github.token }}`) is the runner's to fill in.
      if (!field || String(spec.default ?? '').includes('${{')) continue;
      const absent = parsed(field, undefined);
      const declared = given(spec.default);
      if (declared === undefined) {
        // No default in action.yml: the schema has none either (it requires the input or reads "nothing").
        if (absent.ok && !isEmpty(absent.value))
          disagreements.push(
            `${input}: action.yml has no default, the schema defaults to ${JSON.stringify(absent.value)}`,
          );
        continue;
      }
      const fromYml = parsed(field, declared);
      if (!fromYml.ok) disagreements.push(`${input}: action.yml's default ${JSON.stringify(declared)} is refused`);
      else if (!absent.ok)
        disagreements.push(`${input}: action.yml defaults to ${JSON.stringify(declared)}, the schema requires it`);
      else {
        try {
          expect(absent.value).toEqual(fromYml.value);
        } catch {
          disagreements.push(
            `${input}: the schema defaults to ${JSON.stringify(absent.value)}, action.yml to ${JSON.stringify(declared)}`,
          );
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
