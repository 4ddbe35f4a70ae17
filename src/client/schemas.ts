// Loose shapes of the JSON answers the actions read, checked at the client boundary: a 2xx whose body is not
// the kind of thing the route returns (an HTML error page, a proxy's JSON, a truncated list) is not data.
// Each schema names only the fields the callers rely on and lets every other field through; the callers parse
// the details themselves. Keyed by Octokit's route string. GitHub's OpenAPI description (@octokit/openapi-types)
// is the evidence for each field.
import { z } from 'zod';
import { routeMatcher } from './route-match';

const label = z.looseObject({ name: z.string(), color: z.string() });
const gitRef = z.looseObject({ ref: z.string(), object: z.looseObject({ sha: z.string(), type: z.string() }) });
const sha = z.looseObject({ sha: z.string() });
const numbered = z.looseObject({ number: z.number() });
const comment = z.looseObject({ id: z.number(), body: z.string().nullish() });
const release = z.looseObject({ id: z.number(), tag_name: z.string(), draft: z.boolean(), upload_url: z.string() });
const asset = z.looseObject({ id: z.number(), name: z.string(), state: z.string() });
const reaction = z.looseObject({ id: z.number(), content: z.string() });
const treeEntry = z.looseObject({ path: z.string(), mode: z.string(), type: z.string() });

/** "Get the authenticated app": its id and slug (the login its tokens write as is `<slug>[bot]`, a slug's shape). */
export const AppAnswer = z.looseObject({
  id: z.number().int().positive(),
  slug: z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,98}[A-Za-z0-9])?$/),
});

/** The schema of each route whose 2xx JSON answer a caller reads. */
export const RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  'GET /rate_limit': z.looseObject({
    resources: z.looseObject({
      core: z.looseObject({ limit: z.number(), remaining: z.number(), reset: z.number() }),
    }),
  }),
  'GET /user': z.looseObject({ login: z.string() }),
  // "Get the authenticated app" (App JWT): the service's identity is `<slug>[bot]`.
  'GET /app': AppAnswer,
  'GET /app/hook/deliveries': z.array(
    z.looseObject({ id: z.number(), guid: z.string(), status_code: z.number(), delivered_at: z.string() }),
  ),
  // GraphQL answers 200 with `data`, `errors` or both; the caller reads each.
  'POST /graphql': z.looseObject({ data: z.unknown().optional(), errors: z.array(z.unknown()).optional() }),
  'GET /repos/{owner}/{repo}': z.looseObject({ full_name: z.string(), default_branch: z.string() }),
  'GET /repos/{owner}/{repo}/installation': z.looseObject({ id: z.number() }),
  // "List installations for the authenticated app" (App JWT) and "List repositories accessible to the app
  // installation" (installation token; the list sits under `repositories`).
  'GET /app/installations': z.array(z.looseObject({ id: z.number() })),
  'GET /installation/repositories': z.looseObject({
    total_count: z.number(),
    repositories: z.array(z.looseObject({ full_name: z.string() })),
  }),
  'POST /app/installations/{installation_id}/access_tokens': z.looseObject({ token: z.string() }),
  'GET /repos/{owner}/{repo}/collaborators/{username}/permission': z.looseObject({ permission: z.string() }),
  'GET /repos/{owner}/{repo}/compare/{+basehead}': z.looseObject({ commits: z.array(sha) }),
  // The JSON form (a file object or a directory listing); the raw media type answers text and is not JSON.
  'GET /repos/{owner}/{repo}/contents/{path}': z.union([
    z.looseObject({ type: z.string(), path: z.string() }),
    z.array(z.looseObject({ type: z.string(), path: z.string() })),
  ]),
  'GET /repos/{owner}/{repo}/git/commits/{commit_sha}': z.looseObject({ sha: z.string(), tree: sha }),
  'GET /repos/{owner}/{repo}/git/ref/{+ref}': gitRef,
  'GET /repos/{owner}/{repo}/git/ref/{ref}': gitRef,
  'GET /repos/{owner}/{repo}/git/trees/{tree_sha}': z.looseObject({ sha: z.string(), tree: z.array(treeEntry) }),
  'POST /repos/{owner}/{repo}/git/blobs': sha,
  'POST /repos/{owner}/{repo}/git/trees': sha,
  'POST /repos/{owner}/{repo}/git/commits': sha,
  'POST /repos/{owner}/{repo}/git/refs': gitRef,
  'PATCH /repos/{owner}/{repo}/git/refs/{+ref}': gitRef,
  'GET /repos/{owner}/{repo}/git/matching-refs/{+ref}': z.array(gitRef),
  'GET /repos/{owner}/{repo}/git/tags/{tag_sha}': z.looseObject({ sha: z.string(), object: sha }),
  'POST /repos/{owner}/{repo}/git/tags': sha,
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews': z.array(z.looseObject({ id: z.number() })),
  'POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers': numbered,
  'GET /repos/{owner}/{repo}/issues': z.array(numbered),
  'GET /repos/{owner}/{repo}/issues/{issue_number}': numbered,
  'PATCH /repos/{owner}/{repo}/issues/{issue_number}': numbered,
  'GET /repos/{owner}/{repo}/issues/{issue_number}/comments': z.array(comment),
  'GET /repos/{owner}/{repo}/issues/{issue_number}/events': z.array(
    z.looseObject({ event: z.string(), created_at: z.string() }),
  ),
  'POST /repos/{owner}/{repo}/issues/{issue_number}/comments': comment,
  'POST /repos/{owner}/{repo}/issues/{issue_number}/labels': z.array(label),
  'POST /repos/{owner}/{repo}/issues/{issue_number}/assignees': numbered,
  'GET /repos/{owner}/{repo}/issues/comments/{comment_id}': comment,
  'GET /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions': z.array(reaction),
  'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions': reaction,
  'GET /repos/{owner}/{repo}/labels': z.array(label),
  'GET /repos/{owner}/{repo}/labels/{name}': label,
  'POST /repos/{owner}/{repo}/labels': label,
  'PATCH /repos/{owner}/{repo}/labels/{name}': label,
  'GET /repos/{owner}/{repo}/pulls': z.array(numbered),
  'POST /repos/{owner}/{repo}/pulls': numbered,
  'PATCH /repos/{owner}/{repo}/pulls/{pull_number}': numbered,
  'GET /repos/{owner}/{repo}/pulls/{pull_number}': z.looseObject({
    number: z.number(),
    head: z.looseObject({ ref: z.string() }),
  }),
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/files': z.array(z.looseObject({ filename: z.string() })),
  'GET /repos/{owner}/{repo}/releases': z.array(release),
  'GET /repos/{owner}/{repo}/releases/latest': release,
  'GET /repos/{owner}/{repo}/releases/tags/{tag}': release,
  'GET /repos/{owner}/{repo}/releases/{release_id}': release,
  'POST /repos/{owner}/{repo}/releases': release,
  'PATCH /repos/{owner}/{repo}/releases/{release_id}': release,
  'POST /repos/{owner}/{repo}/releases/generate-notes': z.looseObject({ name: z.string(), body: z.string() }),
  'GET /repos/{owner}/{repo}/releases/{release_id}/assets': z.array(asset),
  'PATCH /repos/{owner}/{repo}/releases/assets/{asset_id}': asset,
  // The upload itself goes to the uploads host (`upload_url`), on the same path shape.
  'POST /repos/{owner}/{repo}/releases/{release_id}/assets': asset,
};

/** Routes whose answer nobody reads (204s, or bodies the caller ignores): nothing to check. */
export const UNREAD_ROUTES: ReadonlySet<string> = new Set([
  'GET /repos/{owner}/{repo}/assignees/{assignee}',
  'DELETE /repos/{owner}/{repo}/issues/{issue_number}/assignees',
  'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
  'DELETE /repos/{owner}/{repo}/labels/{name}',
  'DELETE /repos/{owner}/{repo}/git/refs/{+ref}',
  'POST /app/hook/deliveries/{delivery_id}/attempts',
  'DELETE /repos/{owner}/{repo}/releases/assets/{asset_id}',
  'DELETE /repos/{owner}/{repo}/releases/{release_id}',
]);

const matchRoute = routeMatcher([...Object.keys(RESPONSE_SCHEMAS), ...UNREAD_ROUTES]);

/** The route key of a request: Octokit's route when the caller named one, else the template its path matches. */
export function routeKeyOf(method: string, route: string, path: string): string | undefined {
  return matchRoute(method, route, path);
}

/** Undefined when the body fits the route's shape (or the route is not checked), else what is wrong. */
export function shapeProblem(routeKey: string | undefined, data: unknown): string | undefined {
  const schema = routeKey ? RESPONSE_SCHEMAS[routeKey] : undefined;
  if (!schema) return undefined;
  const result = schema.safeParse(data);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return `${issue.path.length ? issue.path.join('.') : 'the body'}: ${issue.message}`;
}
