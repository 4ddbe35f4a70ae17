// The one list of the actions (ACTIONS). Everything that needs "every action" reads it: the build
// (scripts/build.mjs), the linter's layering (eslint.config.js), the command line, the tests (the GHES project,
// the bundle rebuild, the inputs and README checks), the demo and the service's event routing. A fifth action is
// one line of actions.json plus its own folders; test/unit/actions/registry.test.ts fails on any other list or scan
// of actions/.
//
// Why JSON under a typed module: the build and the lint configuration are plain Node ESM (.mjs/.js, no TypeScript
// loader), so they read actions.json with JSON.parse; TypeScript imports the same file here and checks its shape.
// This module imports no action code, so the command line can list the actions without loading them, and it is a
// leaf of the layering (only src/hosts/cli and src/hosts/service import it).
import registry from './actions.json';

export interface ActionEntry {
  /** The action's name: `actions/<name>/action.yml`, `src/actions/<name>/`, `dist/<name>/index.js`, `repo-actions <name>`. */
  readonly name: string;
  /** The webhook events the service hands to this action's code (empty: the service does not run it). */
  readonly serviceEvents: readonly string[];
}

/** Where an action's parts live, relative to the repository (or installed package) root. */
export interface ActionPaths {
  /** `actions/<name>`: action.yml and README.md. */
  readonly folder: string;
  readonly actionYml: string;
  readonly readme: string;
  /** `src/actions/<name>`: the action's own sources. */
  readonly source: string;
  /** The action as a value (`defineAction`: its name, inputs, token alias and run). */
  readonly definition: string;
  /** The bundle's entry point. */
  readonly main: string;
  /** The module exporting `inputSchema` (the inputs' only definition). */
  readonly inputs: string;
  /** The committed bundle action.yml runs. */
  readonly bundle: string;
}

export const ACTIONS: readonly ActionEntry[] = registry.actions;

export const ACTION_NAMES: readonly string[] = ACTIONS.map((a) => a.name);

export function isActionName(name: string): boolean {
  return ACTION_NAMES.includes(name);
}

export function actionPaths(name: string): ActionPaths {
  const folder = `actions/${name}`;
  const source = `src/actions/${name}`;
  return {
    folder,
    actionYml: `${folder}/action.yml`,
    readme: `${folder}/README.md`,
    source,
    definition: `${source}/action.ts`,
    main: `${source}/main.ts`,
    inputs: `${source}/inputs.ts`,
    bundle: `dist/${name}/index.js`,
  };
}

/** The webhook events the service handles: those of every action it runs, each once. */
export const SERVICE_EVENTS: readonly string[] = [...new Set(ACTIONS.flatMap((a) => a.serviceEvents))];
