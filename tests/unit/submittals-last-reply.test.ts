// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { loadLastReply, storeLastReply } from '../../src/features/submittals/lastReply';

describe('last reply kept on this device', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips per user and package', () => {
    const kept = { submittal: { folderId: 1000, status: 'Approved' }, savedAt: 5, folderUpdatedMs: 4 };
    storeLastReply('pm', 1000, kept);
    expect(loadLastReply('pm', 1000)).toEqual(kept);
    expect(loadLastReply('admin', 1000)).toBeUndefined();
    expect(loadLastReply('pm', 1100)).toBeUndefined();
  });

  it('ignores what is not a reply', () => {
    localStorage.setItem('pmc.submittalReply.pm.1000', '{not json');
    expect(loadLastReply('pm', 1000)).toBeUndefined();
    localStorage.setItem('pmc.submittalReply.pm.1000', JSON.stringify({ submittal: [], savedAt: 1 }));
    expect(loadLastReply('pm', 1000)).toBeUndefined();
    localStorage.setItem('pmc.submittalReply.pm.1000', JSON.stringify({ submittal: {}, savedAt: '1' }));
    expect(loadLastReply('pm', 1000)).toBeUndefined();
  });
});
