// The emulator's renaming of uploaded asset names against the uploads recorded in public issues (asset-names.ts).
import { describe, expect, it } from 'vitest';
import { RECORDED_ASSET_NAMES } from '../../emulator/recorded-asset-names';
import { storedAssetName } from '../../emulator/routes/asset-names';

describe('the emulator stores asset names as GitHub did in recorded uploads', () => {
  it.each(RECORDED_ASSET_NAMES)('%s → %s (%s)', (requested, stored) => {
    expect(storedAssetName(requested)).toBe(stored);
  });

  it('drops trailing periods and keeps plain names', () => {
    expect(storedAssetName('a.zip.')).toBe('a.zip');
    expect(storedAssetName('app-linux_amd64.tar.gz')).toBe('app-linux_amd64.tar.gz');
  });
});
