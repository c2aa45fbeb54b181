/**
 * datetime2: a typeable `YYYY-MM-DD HH:mm` input with a calendar (a picked day starts at 00:00),
 * sent as local time without an offset, as SQL's datetime2 holds it. The picker loads lazily.
 */
import { dateTimeFromRecord, localDateTimeToPayload } from '../dates/dateValues.ts';
import { defineField } from '../fieldWidget.ts';
import { lazyFieldInput } from '../lazyFieldInput.tsx';
import { DateTimeView } from './datetimeField.tsx';

export const datetime2Field = defineField({
  type: 'datetime2',
  Component: lazyFieldInput(
    async () => (await import('../dates/DatePickers.tsx')).DateTime2FieldInput,
    'date picker',
  ),
  View: DateTimeView,
  textual: false,
  fromRecord: dateTimeFromRecord,
  fromQuery: dateTimeFromRecord,
  toPayload: localDateTimeToPayload,
});
