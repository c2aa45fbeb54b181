/**
 * datetime2: a typeable `YYYY-MM-DD HH:mm` input with a calendar (a picked day starts at 00:00),
 * sent as local time without an offset, as SQL's datetime2 holds it.
 */
import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import {
  DATETIME_FORMAT,
  dateTimeFromRecord,
  localDateTimeToPayload,
  strictParser,
} from '../dates/dateValues.ts';
import { defineField, type FieldWidgetProps } from '../fieldWidget.ts';
import { asText, baseInputProps } from '../inputProps.ts';
import { DateTimeView } from './datetimeField.tsx';

function DateTime2FieldInput(props: FieldWidgetProps) {
  return (
    <DateInput
      {...baseInputProps(props)}
      value={asText(props.value) || null}
      valueFormat={DATETIME_FORMAT}
      dateParser={strictParser(DATETIME_FORMAT, true)}
      withTime
      placeholder={DATETIME_FORMAT}
      clearable={!props.readOnly}
      popoverProps={{ withinPortal: true }}
      onChange={(next) => props.onChange(next ? dateTimeFromRecord(next) : null)}
    />
  );
}

export const datetime2Field = defineField({
  type: 'datetime2',
  Component: DateTime2FieldInput,
  View: DateTimeView,
  textual: false,
  fromRecord: dateTimeFromRecord,
  fromQuery: dateTimeFromRecord,
  toPayload: localDateTimeToPayload,
});
