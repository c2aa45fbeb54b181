/**
 * The inputs of the date, datetime and datetime2 fields (Mantine's date pickers and their styles).
 * Loaded lazily by those widgets: the pickers are among the heavier parts of the form engine.
 */
import '@mantine/dates/styles.css';
import { DateInput, DateTimePicker } from '@mantine/dates';
import type { FieldWidgetProps } from '../fieldWidget.ts';
import { asText, baseInputProps } from '../inputProps.ts';
import {
  DATE_FORMAT,
  DATETIME_FORMAT,
  DEFAULT_TIME,
  dateFromRecord,
  dateTimeFromRecord,
  strictParser,
} from './dateValues.ts';

/** The clear button says what it clears (Mantine leaves the date-time picker's unnamed). */
const clearButtonProps = (props: FieldWidgetProps) => ({ 'aria-label': `Clear ${props.field.label}` });

/** date: a typeable date input with a calendar, `YYYY-MM-DD`. */
export function DateFieldInput(props: FieldWidgetProps) {
  return (
    <DateInput
      {...baseInputProps(props)}
      value={asText(props.value) || null}
      valueFormat={DATE_FORMAT}
      dateParser={strictParser(DATE_FORMAT, false)}
      placeholder={DATE_FORMAT}
      clearable={!props.readOnly}
      clearButtonProps={clearButtonProps(props)}
      popoverProps={{ withinPortal: true }}
      onChange={(next) => props.onChange(next ? dateFromRecord(next) : null)}
    />
  );
}

/** datetime: a date-and-time picker, `YYYY-MM-DD HH:mm`, a picked day starting at 00:00. */
export function DateTimeFieldInput(props: FieldWidgetProps) {
  return (
    <DateTimePicker
      {...baseInputProps(props)}
      value={asText(props.value) || null}
      valueFormat={DATETIME_FORMAT}
      placeholder={DATETIME_FORMAT}
      defaultTimeValue={DEFAULT_TIME}
      clearable={!props.readOnly}
      clearButtonProps={clearButtonProps(props)}
      popoverProps={{ withinPortal: true }}
      onChange={(next) => props.onChange(next ? dateTimeFromRecord(next) : null)}
    />
  );
}

/** datetime2: a typeable `YYYY-MM-DD HH:mm` input with a calendar (a picked day starts at 00:00). */
export function DateTime2FieldInput(props: FieldWidgetProps) {
  return (
    <DateInput
      {...baseInputProps(props)}
      value={asText(props.value) || null}
      valueFormat={DATETIME_FORMAT}
      dateParser={strictParser(DATETIME_FORMAT, true)}
      withTime
      placeholder={DATETIME_FORMAT}
      clearable={!props.readOnly}
      clearButtonProps={clearButtonProps(props)}
      popoverProps={{ withinPortal: true }}
      onChange={(next) => props.onChange(next ? dateTimeFromRecord(next) : null)}
    />
  );
}
