/**
 * Which toolbar buttons a form shows: Save and close needs at least one editable field and the
 * create or edit right; Save needs the same and a record that already exists (edit mode) or the bulk
 * editor, so a create form offers only Save and close (and Discard changes) until the record is
 * saved; Public (publish) needs an id, a publish action in the preset and the Publish right; the
 * view page's Edit needs the Edit right and Back to list the List right. The preset's
 * `hideToolbarActions` hides any of them by name.
 */
import type { FormField, FormMode } from '../../fields/formField.ts';

export type ToolbarAction = 'save' | 'saveAndClose' | 'publish' | 'discard' | 'edit' | 'back';

/** Names a preset may use in hideToolbarActions, compared without case, spaces or dashes. */
const ALIASES: Record<string, ToolbarAction> = {
  save: 'save',
  savechanges: 'save',
  saveandclose: 'saveAndClose',
  publish: 'publish',
  public: 'publish',
  discard: 'discard',
  discardchanges: 'discard',
  cancel: 'discard',
  edit: 'edit',
  back: 'back',
  backtolist: 'back',
};

export function hiddenActions(names: readonly string[] | undefined): Set<ToolbarAction> {
  const hidden = new Set<ToolbarAction>();
  for (const name of names ?? []) {
    const action = ALIASES[name.toLowerCase().replace(/[\s_-]/g, '')];
    if (action) hidden.add(action);
  }
  return hidden;
}

const hasEditableField = (fields: readonly FormField[]): boolean =>
  fields.some((f) => !f.readOnly && f.type !== 'spacer' && f.type !== 'jsonview');

export interface FormToolbarInput {
  /**
   * `create`: a new record, without an id yet; `edit`: an existing record; `bulkupdate`: the bulk
   * editor, whose Save (Save changes) applies the marked fields and stays to show the results.
   */
  mode: Exclude<FormMode, 'view'>;
  fields: readonly FormField[];
  canSave: boolean;
  canPublish: boolean;
  hasPublishAction: boolean;
  hide: readonly string[] | undefined;
}

export type ToolbarVisibility = Record<'save' | 'saveAndClose' | 'publish' | 'discard', boolean>;

export function formToolbar(input: FormToolbarInput): ToolbarVisibility {
  const hidden = hiddenActions(input.hide);
  const editable = hasEditableField(input.fields) && input.canSave;
  const hasId = input.mode === 'edit';
  return {
    // Save stays on the form; on a create form there is nothing to stay on until the record exists.
    save: editable && input.mode !== 'create' && !hidden.has('save'),
    saveAndClose: editable && !hidden.has('saveAndClose'),
    publish: hasId && input.hasPublishAction && input.canPublish && !hidden.has('publish'),
    discard: !hidden.has('discard'),
  };
}

export interface ViewToolbarInput {
  hasId: boolean;
  canEdit: boolean;
  canPublish: boolean;
  canList: boolean;
  hasPublishAction: boolean;
  hide: readonly string[] | undefined;
}

export function viewToolbar(input: ViewToolbarInput): Record<'edit' | 'publish' | 'back', boolean> {
  const hidden = hiddenActions(input.hide);
  return {
    edit: input.hasId && input.canEdit && !hidden.has('edit'),
    publish: input.hasId && input.hasPublishAction && input.canPublish && !hidden.has('publish'),
    back: input.canList && !hidden.has('back'),
  };
}
