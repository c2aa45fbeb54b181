/** datetime: a date-and-time picker, `YYYY-MM-DD HH:mm`, a picked day starting at 00:00. */
import '@mantine/dates/styles.css';
import { DateTimePicker } from '@mantine/dates';
import {
  DATETIME_FORMAT,
  DEFAULT_TIME,
  dateTimeFromRecord,
  dateTimeToPayload,
  formatDateTime,
} from '../dates/dateValues.ts';
import { defineField, type FieldViewProps, type FieldWidgetProps } from '../fieldWidget.ts';
import { asText, baseInputProps } from '../inputProps.ts';

function DateTimeFieldInput(props: FieldWidgetProps) {
  return (
    <DateTimePicker
      {...baseInputProps(props)}
      value={asText(props.value) || null}
      valueFormat={DATETIME_FORMAT}
      placeholder={DATETIME_FORMAT}
      defaultTimeValue={DEFAULT_TIME}
      clearable={!props.readOnly}
      popoverProps={{ withinPortal: true }}
      onChange={(next) => props.onChange(next ? dateTimeFromRecord(next) : null)}
    />
  );
}

export const DateTimeView = ({ value }: FieldViewProps) => <>{formatDateTime(value)}</>;

export const datetimeField = defineField({
  type: 'datetime',
  Component: DateTimeFieldInput,
  View: DateTimeView,
  textual: false,
  fromRecord: dateTimeFromRecord,
  fromQuery: dateTimeFromRecord,
  toPayload: dateTimeToPayload,
});
