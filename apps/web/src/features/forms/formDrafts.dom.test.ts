import { beforeEach, describe, expect, it } from 'vitest';
import { draftValues, saveDraft, takeDraft } from './formDrafts.ts';

const draft = {
  owner: 'jane@bmtools.local',
  values: { title: 'Typed', priority: 6, injected: 'x' },
  marked: ['title'],
  rowVersion: 3,
};

describe('form drafts', () => {
  beforeEach(() => sessionStorage.clear());

  it('gives a draft back once, to its route and its owner', () => {
    saveDraft(sessionStorage, '/page/edit/5', draft);
    expect(takeDraft(sessionStorage, '/page/edit/6', draft.owner)).toBeUndefined();
    expect(takeDraft(sessionStorage, '/page/edit/5', draft.owner)).toEqual(draft);
    expect(takeDraft(sessionStorage, '/page/edit/5', draft.owner)).toBeUndefined();
  });

  it("never hands one account's draft to another, and drops it", () => {
    saveDraft(sessionStorage, '/page/edit/5', draft);
    expect(takeDraft(sessionStorage, '/page/edit/5', 'someone@bmtools.local')).toBeUndefined();
    expect(takeDraft(sessionStorage, '/page/edit/5', draft.owner)).toBeUndefined();
    saveDraft(sessionStorage, '/page/edit/5', draft);
    expect(takeDraft(sessionStorage, '/page/edit/5', undefined)).toBeUndefined();
  });

  it('ignores what it did not write', () => {
    sessionStorage.setItem('bm-form-draft:/page/edit/5', '{not json');
    expect(takeDraft(sessionStorage, '/page/edit/5', draft.owner)).toBeUndefined();
    sessionStorage.setItem('bm-form-draft:/page/edit/5', JSON.stringify({ owner: draft.owner, values: [] }));
    expect(takeDraft(sessionStorage, '/page/edit/5', draft.owner)).toBeUndefined();
  });

  it("keeps only the form's own keys", () => {
    expect(draftValues(draft, new Set(['title', 'priority']))).toEqual({ title: 'Typed', priority: 6 });
  });
});
