import { describe, expect, it } from 'vitest';
import { makeField } from '../../fields/test/renderField.tsx';
import { formToolbar, hiddenActions, viewToolbar } from './toolbarRules.ts';

const editable = makeField('text');
const locked = makeField('text', { cssClass: 'col-6 ReadOnly' });
const base = {
  mode: 'edit' as const,
  fields: [editable],
  canSave: true,
  canPublish: true,
  hasPublishAction: true,
  hide: undefined,
};

describe('formToolbar', () => {
  it('shows every button when editing with all rights', () => {
    expect(formToolbar(base)).toEqual({ save: true, saveAndClose: true, publish: true, discard: true });
  });

  it('offers only Save and close and Discard changes on a create form, until the record exists', () => {
    expect(formToolbar({ ...base, mode: 'create' })).toEqual({
      save: false,
      saveAndClose: true,
      publish: false,
      discard: true,
    });
    expect(formToolbar({ ...base, mode: 'create', canSave: false })).toMatchObject({ saveAndClose: false });
  });

  it('offers Save, Save and close and Public on an existing record, Public only where allowed', () => {
    expect(formToolbar(base)).toMatchObject({ save: true, saveAndClose: true, publish: true });
    expect(formToolbar({ ...base, canPublish: false })).toMatchObject({
      save: true,
      saveAndClose: true,
      publish: false,
    });
  });

  it('keeps the bulk editor’s Save (Save changes) without an id, and never offers it Public', () => {
    expect(formToolbar({ ...base, mode: 'bulkupdate' })).toEqual({
      save: true,
      saveAndClose: true,
      publish: false,
      discard: true,
    });
  });

  it('shows no Save or Save and close in a form of read-only fields', () => {
    expect(formToolbar({ ...base, fields: [locked] })).toMatchObject({ save: false, saveAndClose: false });
    expect(formToolbar({ ...base, mode: 'create', fields: [locked] })).toMatchObject({
      save: false,
      saveAndClose: false,
    });
  });

  it('needs the save and publish rights and a publish action', () => {
    expect(formToolbar({ ...base, canSave: false })).toMatchObject({
      save: false,
      saveAndClose: false,
      publish: true,
    });
    expect(formToolbar({ ...base, canPublish: false }).publish).toBe(false);
    expect(formToolbar({ ...base, hasPublishAction: false }).publish).toBe(false);
  });

  it('hides what hideToolbarActions names', () => {
    expect(formToolbar({ ...base, hide: ['Save and close', 'public', 'discard_changes'] })).toEqual({
      save: true,
      saveAndClose: false,
      publish: false,
      discard: false,
    });
    expect([...hiddenActions(['SAVE', 'unknown'])]).toEqual(['save']);
  });
});

describe('viewToolbar', () => {
  const view = {
    hasId: true,
    canEdit: true,
    canPublish: true,
    canList: true,
    hasPublishAction: true,
    hide: undefined,
  };
  it('shows Edit, Public and Back to list by their rights', () => {
    expect(viewToolbar(view)).toEqual({ edit: true, publish: true, back: true });
    expect(viewToolbar({ ...view, canEdit: false, canList: false, canPublish: false })).toEqual({
      edit: false,
      publish: false,
      back: false,
    });
  });
  it('shows Public only with an id', () => {
    expect(viewToolbar({ ...view, hasId: false }).publish).toBe(false);
  });
});
