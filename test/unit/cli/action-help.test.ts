// `repo-actions <action> --help` shows the action's inputs from its action.yml.
import { describe, expect, it } from 'vitest';
import { actionHelp } from '../../../src/cli/action-help';

describe('actionHelp', () => {
  const help = actionHelp('demo', {
    description: 'Does the demo thing.',
    inputs: {
      token: { description: 'Token used for the API.', default: '${{ github.token }}' },
      config: { description: 'Path of the config file.', default: '.github/demo.yml' },
      name: { description: 'The name.', required: true },
      'dry-run': { description: 'Only plan.', default: 'false' },
    },
  });

  it('lists each input with its description, default and required flag', () => {
    expect(help).toContain('  config\n    Path of the config file. (default: .github/demo.yml)');
    expect(help).toContain('  name\n    The name. (required)');
  });

  it('says where the token comes from instead of an Actions expression', () => {
    expect(help).toContain('Token used for the API. (default: GITHUB_TOKEN or GH_TOKEN)');
    expect(help).not.toContain('${{');
  });

  it('leaves out dry-run, which --apply sets', () => {
    expect(help).not.toMatch(/^ {2}dry-run$/m);
    expect(help).toContain('Usage: repo-actions demo --repo owner/name');
  });
});
