/**
 * The contract between the form engine and a field widget: what a
 * widget gets to render one field, and how its values travel between the record, the form and the
 * save payload. Widgets are registered by type id in `fieldRegistry.ts`, one module each.
 */
import type { FormFieldType } from '@bm/contracts';
import type { ComponentType } from 'react';
import type { FormField } from './formField.ts';

export type FormValues = Readonly<Record<string, unknown>>;

export interface FieldWidgetProps {
  field: FormField;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The first failing rule's message, or a server or upload error. */
  error: string | undefined;
  readOnly: boolean;
  /** Every value of the form, for fields that depend on a parent field. */
  values: FormValues;
  /** The field's value prefix (`mapKey_preFill`), shown before the input. */
  prefix?: string | undefined;
  /** Shown in the expand dialog (showExpandBtn): widgets with a height may use the room. */
  expanded?: boolean | undefined;
}

export interface FieldViewProps {
  field: FormField;
  value: unknown;
}

export interface FieldWidget {
  type: FormFieldType;
  Component: ComponentType<FieldWidgetProps>;
  /** Read-only rendering for the detail view; the default shows the value as text. */
  View?: ComponentType<FieldViewProps>;
  /** Text values send '' when empty; all others send null. */
  textual: boolean;
  /** What an empty field holds (a check box: false); else '' for text and null for the rest. */
  emptyValue?: unknown;
  /** Takes both columns on wide screens (code, rich text, JSON). */
  wide?: boolean;
  /** A stored value as the widget holds it (dates to `YYYY-MM-DD HH:mm:ss`, numbers from text). */
  fromRecord?: (raw: unknown) => unknown;
  /** A query-string value as the widget holds it (initial values of a new record). */
  fromQuery?: (raw: string) => unknown;
  /** The widget's value as it goes into the save payload. */
  toPayload?: (value: unknown) => unknown;
  /**
   * Queries that show what this field stores elsewhere in the console (a menu tree: the shell's
   * menu), invalidated after a save of a form that has the field.
   */
  invalidatesOnSave?: readonly (readonly unknown[])[];
}

export const defineField = (widget: FieldWidget): FieldWidget => widget;
