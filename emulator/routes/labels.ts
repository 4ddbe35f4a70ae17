// Repository labels and the labels of an issue.
import { movedIssueAnswer } from '../issue-moves';
import { error, noContent, notFound, ok, paginate, requireString, validation, type Ctx, type Route } from '../http';
import { labelJson } from '../serialize';
import type { Issue, Label } from '../state';
import { recordLabelEvent } from './issue-events';

const R = '/repos/:owner/:repo';
export const ISSUES = 'issues|pull-requests';

// Colours are six hex digits without `#`: the OpenAPI description of create-a-label says "The hexadecimal color code
// for the label, without the leading `#`", and a `#` is refused with 422 `invalid` on `color` (public reports:
// googleapis/repo-automation-bots#3403 "we are getting validation errors when creating label with # prefix",
// lannonbr/issue-label-manager-action#4, Aeliot-Tm/todo-registrar#313 'Field "color" is invalid, for resource
// "Label"'). The case is kept as sent: @octokit/fixtures scenario `labels` PATCHes `color: "BADA55"` and reads back
// "BADA55".
function validColor(color: unknown): string {
  if (typeof color !== 'string' || !/^[0-9a-fA-F]{6}$/.test(color))
    throw validation([{ resource: 'Label', code: 'invalid', field: 'color' }]);
  return color;
}

/** GitHub's limit on label names (in characters, an emoji is one). */
export const LABEL_NAME_MAX = 50;

// A name is required and at most 50 characters: over it GitHub answers 422 with `code: custom`, "name is too long
// (maximum is 50 characters)" (github/docs#32156 quotes the answer; semantic-release/github#518 shows the same limit).
function validName(name: unknown, field = 'name'): string {
  if (typeof name !== 'string' || !name.trim()) throw validation([{ resource: 'Label', code: 'invalid', field }]);
  if ([...name].length > LABEL_NAME_MAX)
    throw validation([
      {
        resource: 'Label',
        code: 'custom',
        field: 'name',
        message: `name is too long (maximum is ${LABEL_NAME_MAX} characters)`,
      },
    ]);
  return name;
}

function validDescription(d: unknown): string | null {
  if (d === undefined || d === null) return null;
  if (typeof d !== 'string' || d.length > 100)
    throw validation([{ resource: 'Label', code: 'invalid', field: 'description' }]);
  return d;
}

export function issueOf(ctx: Ctx): Issue {
  const issue = ctx.repo.issues.get(Number(ctx.params.number));
  if (!issue) throw movedIssueAnswer(ctx, Number(ctx.params.number)) ?? notFound();
  return issue;
}

function mustLabel(ctx: Ctx, name: string): Label {
  const l = ctx.repo.label(name);
  if (!l) throw notFound();
  return l;
}

/** The labels for names, creating missing ones (as GitHub does for collaborators). */
export function labelsFor(ctx: Ctx, names: unknown): Label[] {
  if (!Array.isArray(names)) throw validation([{ resource: 'Issue', code: 'invalid', field: 'labels' }]);
  const out: Label[] = [];
  for (const n of names) {
    const name = typeof n === 'string' ? n : n?.name;
    if (typeof name !== 'string' || !name.trim())
      throw validation([{ resource: 'Label', code: 'invalid', field: 'name' }]);
    // Adding a label by name to an issue creates it; over 50 characters it is 422 `invalid` on `name`
    // (semantic-release/github#518, hashicorp/terraform-provider-google#16746 show that answer).
    if ([...name].length > LABEL_NAME_MAX) throw validation([{ resource: 'Label', code: 'invalid', field: 'name' }]);
    let l = ctx.repo.label(name);
    if (!l)
      ctx.repo.labels.push((l = { id: ctx.env.state.id(), name, color: 'ededed', description: null, default: false }));
    if (!out.includes(l)) out.push(l);
  }
  return out;
}

function touch(ctx: Ctx, issue: Issue) {
  issue.updatedAt = ctx.env.state.clock.iso();
}

function issueLabels(ctx: Ctx, issue: Issue) {
  return ok(issue.labels.map((l) => labelJson(ctx.env, ctx.repo, l)));
}

export const labelRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${R}/labels`,
    scope: ISSUES,
    handler: (ctx) => paginate(ctx, ctx.repo.labels, (l) => labelJson(ctx.env, ctx.repo, l)),
  },
  {
    method: 'POST',
    pattern: `${R}/labels`,
    scope: ISSUES,
    handler: (ctx) => {
      const name = validName(requireString(ctx.body, 'name', 'Label'));
      const color = ctx.body.color === undefined ? 'ededed' : validColor(ctx.body.color);
      const description = validDescription(ctx.body.description);
      if (ctx.repo.label(name)) throw validation([{ resource: 'Label', code: 'already_exists', field: 'name' }]);
      const label: Label = { id: ctx.env.state.id(), name, color, description, default: false };
      ctx.repo.labels.push(label);
      return ok(labelJson(ctx.env, ctx.repo, label), 201);
    },
  },
  {
    method: 'GET',
    pattern: `${R}/labels/:name`,
    scope: ISSUES,
    handler: (ctx) => ok(labelJson(ctx.env, ctx.repo, mustLabel(ctx, ctx.params.name))),
  },
  {
    method: 'PATCH',
    pattern: `${R}/labels/:name`,
    scope: ISSUES,
    handler: (ctx) => {
      const label = mustLabel(ctx, ctx.params.name);
      const b = ctx.body ?? {};
      const newName = b.new_name ?? b.name;
      if (newName !== undefined) {
        validName(newName);
        const clash = ctx.repo.label(newName);
        if (clash && clash !== label) throw validation([{ resource: 'Label', code: 'already_exists', field: 'name' }]);
        label.name = newName;
      }
      if (b.color !== undefined) label.color = validColor(b.color);
      if (b.description !== undefined) label.description = validDescription(b.description);
      return ok(labelJson(ctx.env, ctx.repo, label));
    },
  },
  {
    method: 'DELETE',
    pattern: `${R}/labels/:name`,
    scope: ISSUES,
    handler: (ctx) => {
      const label = mustLabel(ctx, ctx.params.name);
      ctx.repo.labels = ctx.repo.labels.filter((l) => l !== label);
      for (const i of ctx.repo.issues.values()) i.labels = i.labels.filter((l) => l !== label);
      return noContent;
    },
  },
  {
    method: 'GET',
    pattern: `${R}/issues/:number/labels`,
    scope: ISSUES,
    handler: (ctx) => paginate(ctx, issueOf(ctx).labels, (l) => labelJson(ctx.env, ctx.repo, l)),
  },
  {
    method: 'POST',
    pattern: `${R}/issues/:number/labels`,
    scope: ISSUES,
    handler: (ctx) => {
      const issue = issueOf(ctx);
      const names = Array.isArray(ctx.body) ? ctx.body : ctx.body?.labels;
      if (names === undefined) throw validation([{ resource: 'Label', code: 'missing_field', field: 'labels' }]);
      for (const l of labelsFor(ctx, names))
        if (!issue.labels.includes(l)) {
          issue.labels.push(l);
          recordLabelEvent(ctx, issue, 'labeled', l.name);
        }
      touch(ctx, issue);
      return issueLabels(ctx, issue);
    },
  },
  {
    method: 'PUT',
    pattern: `${R}/issues/:number/labels`,
    scope: ISSUES,
    handler: (ctx) => {
      const issue = issueOf(ctx);
      const names = Array.isArray(ctx.body) ? ctx.body : (ctx.body?.labels ?? []);
      issue.labels = labelsFor(ctx, names);
      touch(ctx, issue);
      return issueLabels(ctx, issue);
    },
  },
  {
    method: 'DELETE',
    pattern: `${R}/issues/:number/labels`,
    scope: ISSUES,
    handler: (ctx) => {
      const issue = issueOf(ctx);
      issue.labels = [];
      touch(ctx, issue);
      return noContent;
    },
  },
  {
    method: 'DELETE',
    pattern: `${R}/issues/:number/labels/:name`,
    scope: ISSUES,
    handler: (ctx) => {
      const issue = issueOf(ctx);
      const lower = ctx.params.name.toLowerCase();
      const label = issue.labels.find((l) => l.name.toLowerCase() === lower);
      if (!label) throw error(404, 'Label does not exist');
      issue.labels = issue.labels.filter((l) => l !== label);
      recordLabelEvent(ctx, issue, 'unlabeled', label.name);
      touch(ctx, issue);
      return issueLabels(ctx, issue);
    },
  },
];
