/** spacer: an empty cell that moves the next field to the other column. */
import { defineField } from '../fieldWidget.ts';

const Spacer = () => <div aria-hidden="true" data-spacer />;

export const spacerField = defineField({ type: 'spacer', Component: Spacer, View: Spacer, textual: false });
