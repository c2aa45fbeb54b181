/** date: a typeable date input with a calendar, `YYYY-MM-DD`. */
import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import { DATE_FORMAT, dateFromRecord, dateToPayload, formatDate, strictParser } from '../dates/dateValues.ts';
import { defineField, type FieldViewProps, type FieldWidgetProps } from '../fieldWidget.ts';
import { asText, baseInputProps } from '../inputProps.ts';

function DateFieldInput(props: FieldWidgetProps) {
  return (
    <DateInput
      {...baseInputProps(props)}
      value={asText(props.value) || null}
      valueFormat={DATE_FORMAT}
      dateParser={strictParser(DATE_FORMAT, false)}
      placeholder={DATE_FORMAT}
      clearable={!props.readOnly}
      popoverProps={{ withinPortal: true }}
      onChange={(next) => props.onChange(next ? dateFromRecord(next) : null)}
    />
  );
}

const DateView = ({ value }: FieldViewProps) => <>{formatDate(value)}</>;

export const dateField = defineField({
  type: 'date',
  Component: DateFieldInput,
  View: DateView,
  textual: false,
  fromRecord: dateFromRecord,
  fromQuery: dateFromRecord,
  toPayload: dateToPayload,
});
