// `repo-actions <action> --help` shows the action's inputs from its action.yml.
import { describe, expect, it } from 'vitest';
import { actionHelp } from '../../../../src/hosts/cli/action-help';

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

  it('leaves out dry-run, and says a run is dry unless --apply (not that --apply turns dry-run on)', () => {
    expect(help).not.toMatch(/^ {2}dry-run$/m);
    expect(help).toContain('Usage: repo-actions demo --repo owner/name');
    expect(help).not.toMatch(/--apply sets dry-run/);
    expect(help.replace(/\s+/g, ' ')).toContain('every run is a dry run unless --apply is given');
  });

  it('names the options for the summary file and for running without the cache', () => {
    expect(help).toMatch(/^ {2}--summary file\.md +write the Markdown job summary there/m);
    expect(help).toMatch(/^ {2}--no-cache +keep nothing/m);
  });
});
