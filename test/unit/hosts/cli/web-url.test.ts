// The CLI's GITHUB_SERVER_URL from the API URL (issue 39.8: GHE.com's web URL is SUB.ghe.com, not api.SUB.ghe.com).
import { describe, expect, it } from 'vitest';
import { webUrlOf } from '../../../../src/hosts/cli/action-command';

describe('webUrlOf', () => {
  it.each([
    ['https://api.github.com', 'https://github.com'],
    ['https://api.github.com/', 'https://github.com'],
    ['https://api.octocorp.ghe.com', 'https://octocorp.ghe.com'],
    ['https://ghes.example.com/api/v3', 'https://ghes.example.com'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
  ])('%s → %s', (api, web) => {
    expect(webUrlOf(api)).toBe(web);
  });
});
