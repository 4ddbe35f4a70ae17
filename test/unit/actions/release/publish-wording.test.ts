// The line the final update prints says the release's final state, never the field that changed ("…: draft").
import { describe, expect, it } from 'vitest';
import { describePublish } from '../../../../src/actions/release/apply';
import type { RemoteRelease } from '../../../../src/actions/release/domain/release-types';

const release = (extra: Partial<RemoteRelease>): RemoteRelease => ({
  id: 1021,
  tag_name: 'v1.0.0',
  draft: false,
  prerelease: false,
  html_url: 'https://github.com/o/r/releases/tag/v1.0.0',
  upload_url: 'https://uploads.github.com/repos/o/r/releases/1021/assets{?name,label}',
  assets: [],
  ...extra,
});

describe('describePublish', () => {
  it('says published when a draft was published, with the other fields set', () => {
    expect(describePublish(release({ draft: true }), release({}), ['draft'])).toBe('Published release 1021.');
    expect(describePublish(release({ draft: true }), release({}), ['draft', 'body', 'make_latest'])).toBe(
      'Published release 1021 (body, make_latest).',
    );
  });

  it('says the state an update leaves', () => {
    expect(describePublish(release({}), release({ prerelease: true }), ['prerelease'])).toBe(
      'Updated release 1021 (prerelease); it is a published pre-release.',
    );
    expect(describePublish(release({ draft: true }), release({ draft: true }), ['name'])).toBe(
      'Updated release 1021 (name); it is a draft.',
    );
    expect(describePublish(release({}), release({ draft: true }), ['draft'])).toBe(
      'Turned release 1021 back into a draft.',
    );
  });
});
