// Text limits GitHub enforces without printing them in its OpenAPI description. A release body over 125,000
// characters is refused with 422 (softprops/action-gh-release#374: `generate_release_notes` on the first release of a
// long-history repository, "body is too long (maximum is 125000 characters)"); a pull-request or issue body over
// 65,536 likewise (peter-evans/create-pull-request truncates to MAX_BODY_LENGTH = 65536 for this answer).
// Characters are counted as Unicode code points.
import { validation } from './http';

export const RELEASE_BODY_MAX = 125_000;
export const ISSUE_BODY_MAX = 65_536;

/** Throws GitHub's 422 when `body` (a string, else ignored) is longer than `max` characters. */
export function checkBodyLength(body: unknown, max: number, resource: 'Release' | 'Issue' | 'PullRequest'): void {
  if (typeof body !== 'string' || body.length <= max || [...body].length <= max) return;
  throw validation([
    { resource, code: 'custom', field: 'body', message: `body is too long (maximum is ${max} characters)` },
  ]);
}
