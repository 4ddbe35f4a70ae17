// `npm run demo` steps of release on the sample repository: the plan of v1.3.0 in a dry run, the release itself
// (drafted, assets streamed — one with a name GitHub renames — plus a checksum file, then published with generated
// notes in one update), the same step again (nothing to do), and a changed asset replaced on the existing release.
import type { DemoStep } from '../../bench/types';

const files = {
  'dist/webapp-1.3.0.tgz': 'webapp 1.3.0 tarball\n',
  'dist/webapp 1.3.0 setup.exe': 'webapp 1.3.0 installer\n',
  'dist/webapp-1.3.0.sbom.json': '{"bomFormat":"CycloneDX","specVersion":"1.5"}\n',
};
const inputs = {
  tag: 'v1.3.0',
  files: 'dist/*',
  checksums: 'SHA256SUMS',
  'generate-release-notes': true,
  body: 'Highlights: faster login.',
};

export const steps: DemoStep[] = [
  {
    action: 'release',
    title: 'dry run of v1.3.0: the plan (a new draft, 3 assets + SHA256SUMS, one publishing update), nothing written',
    inputs: { ...inputs, 'dry-run': true },
    workspace: files,
  },
  {
    action: 'release',
    title:
      'release v1.3.0: draft, streamed uploads ("webapp 1.3.0 setup.exe" stored as "webapp.1.3.0.setup.exe"), then published',
    inputs,
    workspace: files,
  },
  {
    action: 'release',
    title: 'the same step again: every digest matches, one request, nothing uploaded',
    inputs,
    workspace: files,
  },
  {
    action: 'release',
    title: 'a rebuilt tarball: only it and SHA256SUMS are replaced',
    inputs,
    workspace: { ...files, 'dist/webapp-1.3.0.tgz': 'webapp 1.3.0 tarball, rebuilt\n' },
  },
];
