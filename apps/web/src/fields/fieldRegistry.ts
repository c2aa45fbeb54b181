/**
 * The field-widget registry (widgets registered by id, no switch over types). Each widget
 * module exports its definition; `registerFields.ts` lists them once. Asking for a type nobody
 * registered gets the text widget, so a new type in a preset degrades to an editable text box.
 */
import type { FormFieldType } from '@bm/contracts';
import type { FieldWidget } from './fieldWidget.ts';

const widgets = new Map<FormFieldType, FieldWidget>();

export function registerField(widget: FieldWidget): void {
  widgets.set(widget.type, widget);
}

export function fieldWidget(type: FormFieldType): FieldWidget {
  const widget = widgets.get(type) ?? widgets.get('text');
  if (!widget) throw new Error('No field widgets are registered: import fields/registerFields.ts first.');
  return widget;
}

export const registeredFieldTypes = (): FormFieldType[] => [...widgets.keys()];
