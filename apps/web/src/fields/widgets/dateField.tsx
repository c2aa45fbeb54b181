/** date: a typeable date input with a calendar, `YYYY-MM-DD` (the picker loads lazily). */
import { dateFromRecord, dateToPayload, formatDate } from '../dates/dateValues.ts';
import { defineField, type FieldViewProps } from '../fieldWidget.ts';
import { lazyFieldInput } from '../lazyFieldInput.tsx';

const DateView = ({ value }: FieldViewProps) => <>{formatDate(value)}</>;

export const dateField = defineField({
  type: 'date',
  Component: lazyFieldInput(
    async () => (await import('../dates/DatePickers.tsx')).DateFieldInput,
    'date picker',
  ),
  View: DateView,
  textual: false,
  fromRecord: dateFromRecord,
  fromQuery: dateFromRecord,
  toPayload: dateToPayload,
});
