/** datetime: a date-and-time picker, `YYYY-MM-DD HH:mm`, a picked day starting at 00:00 (loads lazily). */
import { dateTimeFromRecord, dateTimeToPayload, formatDateTime } from '../dates/dateValues.ts';
import { defineField, type FieldViewProps } from '../fieldWidget.ts';
import { lazyFieldInput } from '../lazyFieldInput.tsx';

export const DateTimeView = ({ value }: FieldViewProps) => <>{formatDateTime(value)}</>;

export const datetimeField = defineField({
  type: 'datetime',
  Component: lazyFieldInput(
    async () => (await import('../dates/DatePickers.tsx')).DateTimeFieldInput,
    'date picker',
  ),
  View: DateTimeView,
  textual: false,
  fromRecord: dateTimeFromRecord,
  fromQuery: dateTimeFromRecord,
  toPayload: dateTimeToPayload,
});
