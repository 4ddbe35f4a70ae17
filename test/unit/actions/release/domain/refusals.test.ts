import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../src/github/client/errors';
import { explainCreateRefusal, explainPublishRefusal } from '../../../../../src/actions/release/domain/refusals';

const api = (status: number, message: string, errors: { code: string; message?: string }[] = []) =>
  new ApiError({
    status,
    message,
    method: 'POST',
    url: 'https://api.github.com/repos/o/r/releases',
    errors: errors.map((e) => ({ resource: 'Release', field: 'tag_name', ...e })),
  });
const release = { id: 5, tag_name: 'v1', html_url: 'https://github.com/o/r/releases/tag/untagged-1' };

describe('explainCreateRefusal', () => {
  it('names a tag used by an immutable release', () => {
    const err = api(422, 'Validation Failed', [
      { code: 'custom', message: 'tag_name was used by an immutable release' },
    ]);
    expect(String(explainCreateRefusal(err, 'v1', undefined))).toMatch(/v1 was used by an immutable release before/);
  });

  it('explains a 404 on the create as the workflow-file refusal, with both fixes', () => {
    const text = String(explainCreateRefusal(api(404, 'Not Found'), 'v1', 'abc123'));
    expect(text).toMatch(/at abc123 was refused/);
    expect(text).toMatch(/Push the tag first.*`workflows` permission/);
  });

  it('leaves a 403 about push access to the client message', () => {
    const err = api(403, 'Must have push access to repository');
    expect(explainCreateRefusal(err, 'v1', undefined)).toBe(err);
  });
});

describe('explainPublishRefusal', () => {
  it('a missing discussion category: says the draft keeps its assets', () => {
    const err = api(404, 'A Discussion could not be created. Make sure you passed a valid category name.');
    const text = String(explainPublishRefusal(err, release, 'Announcements'));
    expect(text).toMatch(/"Announcements" does not exist/);
    expect(text).toMatch(/stays a draft \(id 5\) with every asset uploaded/);
  });

  it('a workflow-file refusal at publish: the fix and the draft left', () => {
    const text = String(explainPublishRefusal(api(404, 'Not Found'), release, undefined));
    expect(text).toMatch(/workflows.*stays a draft/s);
  });

  it('already_exists passes through (a concurrent run published first)', () => {
    const err = api(422, 'Validation Failed', [{ code: 'already_exists' }]);
    expect(explainPublishRefusal(err, release, 'General')).toBe(err);
  });
});
