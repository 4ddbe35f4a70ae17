// Asset names GitHub stored for requested names, each from a recorded upload in a public issue (source beside it).

/** Requested name → the name GitHub stored, each from a recorded upload (source beside it). */
export const RECORDED_ASSET_NAMES: [string, string, string][] = [
  [
    // dpl sent `+` unencoded, which is a space in a query string: it arrived as a space.
    "a5_ !#$%&'() ,-.0123456789;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{}~.txt",
    'a5_.-.0123456789.ABCDEFGHIJKLMNOPQRSTUVWXYZ._.abcdefghijklmnopqrstuvwxyz.txt',
    'travis-ci/dpl#821',
  ],
  ['a5_ð_æ_©_ŋ.txt', 'a5_d_ae_._ng.txt', 'travis-ci/dpl#821'],
  ['tobwen-1.1.0-1~buster_amd64.deb', 'tobwen-1.1.0-1.buster_amd64.deb', 'softprops/action-gh-release#159'],
  [
    'app.prod-v1.3.0-(15-5)-6064eac-release.apk',
    'app.prod-v1.3.0-.15-5.-6064eac-release.apk',
    'actions/upload-release-asset#57',
  ],
  ['The Brain.js', 'The.Brain.js', 'github-release/github-release#93'],
  ['fake.      file.txt', 'fake.file.txt', 'electron/forge#1761'],
  ['erick%%%%%!!!zhao.txt', 'erick.zhao.txt', 'electron/forge#1761'],
  [
    'warchaeology_3.0.0~beta.4_amd64.deb',
    'warchaeology_3.0.0.beta.4_amd64.deb',
    'NationalLibraryOfNorway/warchaeology#171',
  ],
  ['.gitignore', 'default.gitignore', 'project changelogs: dist/.gitignore uploaded as default.gitignore'],
  ['vyper.0.3.10+commit.91361694.linux', 'vyper.0.3.10+commit.91361694.linux', 'github/rest-api-description#2968'],
];
