// What a scenario file (`npm run emulator -- --scenario my-repos.yml`) must hold, as a zod schema: the `Scenario`
// of types.ts as a person writes it in YAML or JSON (text only: no Buffer), every object closed (an unknown key is a
// typo, said as one), and `tokens` required (without one no request is answered). The loader
// (scripts/emulator/scenario-file.ts) turns each issue into `file:line: where: what` with this module's wording.
// The emulator imports nothing of src/; these shapes follow types.ts, which the compile-time check below keeps equal.
import { z } from 'zod';
import type { Scenario } from './types';

const name = z.string().regex(/^[\w.-]+$/, 'letters, digits, ".", "-" or "_" only');
const level = z.enum(['none', 'read', 'write', 'admin']);
const date = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'a date and time (2026-01-31T12:00:00Z)');
const login = z.string().min(1);

const token = z.strictObject({
  kind: z.enum(['workflow', 'user', 'installation']),
  login: login.optional(),
  appId: z.number().int().optional(),
  installationId: z.number().int().optional(),
  repositories: z.array(z.string().regex(/^[\w.-]+\/[\w.-]+$/, 'owner/name')).optional(),
  permissions: z.record(z.string(), level).optional(),
});

const fileSeed = z.union([
  z.string(),
  z.strictObject({ content: z.string(), mode: z.enum(['100644', '100755', '120000']).optional() }),
]);

const comment = z.strictObject({
  body: z.string(),
  user: login.optional(),
  viaApp: z.number().int().optional(),
  createdAt: date.optional(),
});

const pull = z.strictObject({
  head: z.string().min(1),
  base: z.string().min(1).optional(),
  draft: z.boolean().optional(),
  reviewedBy: z.array(login).optional(),
  merged: z.boolean().optional(),
  mergedAt: date.optional(),
  files: z
    .array(
      z.strictObject({
        filename: z.string().min(1),
        status: z.enum(['added', 'modified', 'removed', 'renamed']).optional(),
        additions: z.number().int().nonnegative().optional(),
        deletions: z.number().int().nonnegative().optional(),
        previous_filename: z.string().optional(),
      }),
    )
    .optional(),
});

const issue = z.strictObject({
  number: z.number().int().positive().optional(),
  title: z.string(),
  body: z.string().nullable().optional(),
  user: login.optional(),
  state: z.enum(['open', 'closed']).optional(),
  stateReason: z.enum(['completed', 'not_planned', 'reopened']).nullable().optional(),
  labels: z.array(z.string()).optional(),
  assignees: z.array(login).optional(),
  createdAt: date.optional(),
  updatedAt: date.optional(),
  closedAt: date.optional(),
  locked: z.boolean().optional(),
  comments: z.array(comment).optional(),
  milestone: z.string().optional(),
  pull: pull.optional(),
  type: z.string().optional(),
  labelEvents: z.array(z.strictObject({ label: z.string(), actor: login, createdAt: date })).optional(),
});

const release = z.strictObject({
  tag: z.string().min(1),
  name: z.string().optional(),
  body: z.string().optional(),
  draft: z.boolean().optional(),
  prerelease: z.boolean().optional(),
  target: z.string().optional(),
  createdAt: date.optional(),
  assets: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        content: z.string(),
        contentType: z.string().optional(),
        label: z.string().optional(),
        state: z.enum(['uploaded', 'starter']).optional(),
      }),
    )
    .optional(),
});

const label = z.strictObject({
  name: z.string().min(1),
  // GitHub's colour: six hex digits, no '#'. YAML reads `008672` as a number: the loader says to quote it.
  color: z
    .string()
    .regex(/^[0-9a-fA-F]{6}$/, 'six hex digits, no "#" (d73a4a)')
    .optional(),
  description: z.string().nullable().optional(),
});

const repository = z.strictObject({
  owner: name,
  name,
  private: z.boolean().optional(),
  description: z.string().optional(),
  language: z.string().optional(),
  stars: z.number().int().nonnegative().optional(),
  topics: z.array(z.string()).optional(),
  defaultBranch: z.string().min(1).optional(),
  branches: z.record(z.string(), z.record(z.string(), fileSeed)).optional(),
  labels: z.array(label).optional(),
  issues: z.array(issue).optional(),
  releases: z.array(release).optional(),
  collaborators: z.record(login, z.enum(['read', 'triage', 'write', 'maintain', 'admin'])).optional(),
  members: z.record(login, z.enum(['public', 'private'])).optional(),
  mannequins: z.array(login).optional(),
  renamedFrom: z.array(z.string().regex(/^[\w.-]+\/[\w.-]+$/, 'owner/name')).optional(),
  immutableReleases: z.boolean().optional(),
  milestones: z.array(z.strictObject({ number: z.number().int().positive(), title: z.string() })).optional(),
  actionsCanCreatePullRequests: z.boolean().optional(),
  discussionCategories: z.array(z.string()).optional(),
});

/** A scenario file: at least one token and one repository. */
export const scenarioFileSchema = z.strictObject({
  tokens: z.record(z.string().min(1), token).refine((t) => Object.keys(t).length > 0, 'at least one token'),
  repositories: z.array(repository).min(1, 'at least one repository'),
  immutableReleases: z.boolean().optional(),
});

export type ScenarioFile = z.output<typeof scenarioFileSchema>;

/** A checked file is a Scenario (a compile-time check that this schema and types.ts agree). */
export function asScenario(file: ScenarioFile): Scenario {
  return file;
}
