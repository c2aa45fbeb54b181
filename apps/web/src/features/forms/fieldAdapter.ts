/**
 * The part of a widget the headless form modules need (value conversions and whether it is text),
 * so payload building and initial values stay plain functions testable without React.
 */
import type { FormFieldType } from '@bm/contracts';
import type { FieldWidget } from '../../fields/fieldWidget.ts';

type FieldAdapter = Pick<FieldWidget, 'textual' | 'emptyValue' | 'fromRecord' | 'fromQuery' | 'toPayload'>;
export type AdapterOf = (type: FormFieldType) => FieldAdapter;

export const preFillKey = (mapKey: string): string => `${mapKey}_preFill`;
