import { describe, expect, it } from 'vitest';
import { githubAssetName, isRenamed } from '../../../../../src/actions/release/domain/asset-name';
import { RECORDED_ASSET_NAMES } from '../../../../../emulator/recorded-asset-names';

describe('githubAssetName', () => {
  it.each([
    ['app-1.2.3_linux-amd64.tar.gz', 'app-1.2.3_linux-amd64.tar.gz'],
    ['My App 1.0.0 Setup.exe', 'My.App.1.0.0.Setup.exe'],
    ['tobwen-1.1.0-1~buster_amd64.deb', 'tobwen-1.1.0-1.buster_amd64.deb'],
    ['pkg-1:2.0-1.pkg.tar.zst', 'pkg-1.2.0-1.pkg.tar.zst'],
    ['app.prod-v1.3.0-(15-5)-6064eac-release.apk', 'app.prod-v1.3.0-.15-5.-6064eac-release.apk'],
    ['rkt-base-8.4.4+0-linux-amd64.aci', 'rkt-base-8.4.4+0-linux-amd64.aci'],
    ['.gitignore', 'default.gitignore'],
    ['.env', 'default.env'],
    ['notes.', 'notes'],
    ['a  b', 'a.b'],
    ['a..b', 'a.b'],
    ['a5_ð_æ_©_ŋ.txt', 'a5_d_ae_._ng.txt'],
    ['a5_żółw.txt', 'a5_zolw.txt'],
    ['日本語.zip', 'default.zip'],
    ['...', 'default'],
  ])('%s → %s', (name, expected) => {
    expect(githubAssetName(name)).toBe(expected);
  });

  it('reproduces the full printable-ASCII observation (travis-ci/dpl#821)', () => {
    const ascii = "a5_ !#$%&'()+,-.0123456789;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{}~.txt";
    // The observed name had `+` replaced too, because dpl sent it unencoded (a space in a query string);
    // encoded, `+` is kept.
    expect(githubAssetName(ascii.replace('+', ' '))).toBe(
      'a5_.-.0123456789.ABCDEFGHIJKLMNOPQRSTUVWXYZ._.abcdefghijklmnopqrstuvwxyz.txt',
    );
  });

  it('is idempotent', () => {
    for (const name of ['My App.exe', '.env', 'a~b(c).zip', 'ß.txt', 'x.']) {
      expect(githubAssetName(githubAssetName(name))).toBe(githubAssetName(name));
    }
  });

  it('isRenamed tells names GitHub keeps from names it changes', () => {
    expect(isRenamed('app.tar.gz')).toBe(false);
    expect(isRenamed('app (1).tar.gz')).toBe(true);
  });
});

describe('githubAssetName against recorded uploads (the emulator renames independently, from the same records)', () => {
  it.each(RECORDED_ASSET_NAMES)('%s → %s (%s)', (requested, stored) => {
    expect(githubAssetName(requested)).toBe(stored);
  });
});
