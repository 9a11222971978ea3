// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, saveDraft } from '../../src/features/rfis/draft';
import { formValuesFrom } from '../../src/features/rfis/model/editor';

describe('RFI drafts', () => {
  beforeEach(() => localStorage.clear());
  const base = formValuesFrom({ subject: 'Before', dueDate: '11/12/2026', ccUserList: [3] });
  const draft = { base, values: { ...base, subject: 'After' }, savedAt: 1_700_000_000_000 };

  it('keeps a draft per user and RFI, and forgets it when cleared', () => {
    saveDraft('pm', 101, draft);
    expect(loadDraft('pm', 101)).toEqual(draft);
    expect(loadDraft('admin', 101)).toBeUndefined();
    expect(loadDraft('pm', 102)).toBeUndefined();
    clearDraft('pm', 101);
    expect(loadDraft('pm', 101)).toBeUndefined();
  });

  it('ignores stored junk instead of failing', () => {
    localStorage.setItem('pmc.rfiDraft.pm.101', '{not json');
    expect(loadDraft('pm', 101)).toBeUndefined();
    localStorage.setItem('pmc.rfiDraft.pm.101', JSON.stringify({ values: { subject: 1 }, savedAt: 'x' }));
    expect(loadDraft('pm', 101)).toBeUndefined();
  });
});
