// The service's own comments come back as `issue_comment` deliveries. They are recognised by the App that wrote
// them (`comment.performed_via_github_app.id`, set on comments an App creates through its installation token) or
// by the login the service comments as (`--own-login`, for a token), and answered without work.
import type { ServiceIdentity } from './dispatch';

function field(value: unknown, key: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

export function isOwnComment(event: string, payload: Record<string, unknown>, identity: ServiceIdentity): boolean {
  if (event !== 'issue_comment') return false;
  const comment = payload.comment;
  const appId = field(field(comment, 'performed_via_github_app'), 'id');
  if (identity.appId !== undefined && appId === identity.appId) return true;
  const login = field(field(comment, 'user'), 'login');
  return (
    identity.login !== undefined && typeof login === 'string' && login.toLowerCase() === identity.login.toLowerCase()
  );
}
