/**
 * Exception management, thresholds: when an exception alerts. More than `maxOccurrences` within
 * `windowMinutes` raises an alert of the threshold's severity through its escalation policy. Listed
 * for one exception at a time (the list needs `exceptionId`, else it shows the exceptions); a new
 * threshold takes its exception, by name, from there and goes back to that exception's thresholds.
 */
import {
  enabledField,
  escalationPolicyField,
  idField,
  pickedBy,
  refersTo,
  required,
  updatedFields,
} from '../catalogue.ts';
import { defineArea, searchable, tagOptions } from '../manifest.ts';

const SEVERITY = {
  critical: { color: 'red', label: 'Critical' },
  high: { color: 'orange', label: 'High' },
  medium: { color: 'yellow', label: 'Medium' },
  low: { color: 'blue', label: 'Low' },
};
const digits = { name: 'number', message: 'Digits only' };

export const emExceptionThresholds = defineArea({
  entity: 'EMExceptionThreshold',
  label: 'Exception thresholds',
  singular: 'Threshold',
  titleField: null,
  group: 'Exception management',
  icon: 'gauge',
  segment: 'exceptionthreshold',
  api: '/api/exceptionthresholds',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  table: 'em_exception_thresholds',
  sql: 'generated',
  joins: `JOIN em_exceptions e ON e.id = t.exception_id
    JOIN em_applications a ON a.id = e.application_id
    JOIN em_escalation_policies p ON p.id = t.escalation_policy_id`,
  list: {
    sort: { key: 'windowMinutes', direction: 'ASC' },
    requiredParam: { name: 'exceptionId', otherwise: '/exception/list' },
  },
  form: {
    // Back to the thresholds of the exception the threshold belongs to.
    redirect: '/exceptionthreshold/list?exceptionId={exceptionId}',
  },
  fields: [
    idField,
    searchable(
      refersTo(
        'EMException',
        pickedBy(
          'exceptionName',
          'Exception',
          `e.exception_type || ' · ' || a.name || ' (' || a.environment || ')'`,
          'exceptionId',
          'em-exceptions',
          {
            type: 'autocomplete',
            // Opened from an exception's thresholds (`?exceptionId=`), the form reads that exception's name.
            changedEvent: '/api/exceptions/{value}',
            prefillFields: ['exceptionName'],
          },
        ),
      ),
    ),
    {
      // The list's filter by exception (`?exceptionId=` from the address).
      key: 'exceptionId',
      label: 'Exception id',
      type: 'number',
      list: { visible: false },
    },
    {
      key: 'severity',
      label: 'Severity',
      type: 'text',
      list: { tags: SEVERITY },
      form: { type: 'singleselect', options: tagOptions(SEVERITY), validations: [required] },
    },
    {
      key: 'maxOccurrences',
      label: 'Max occurrences',
      type: 'number',
      form: {
        type: 'number',
        validations: [
          required,
          digits,
          { name: 'min', value: 1, message: 'At least one' },
          { name: 'max', value: 1000000, message: 'At most 1,000,000' },
        ],
      },
    },
    {
      key: 'windowMinutes',
      label: 'Window (minutes)',
      type: 'number',
      form: {
        type: 'number',
        validations: [
          required,
          digits,
          { name: 'min', value: 1, message: 'At least one minute' },
          { name: 'max', value: 1440, message: 'At most a day (1440 minutes)' },
        ],
      },
    },
    escalationPolicyField(),
    enabledField,
    ...updatedFields,
  ],
  sample: {
    // An exception without thresholds yet, so any severity is free.
    exceptionId: {
      sql: `SELECT min(e.id) FROM em_exceptions e
             WHERE NOT EXISTS (SELECT 1 FROM em_exception_thresholds h WHERE h.exception_id = e.id)`,
    },
    severity: 'high',
    maxOccurrences: 25,
    windowMinutes: 10,
    escalationPolicyId: { sql: "SELECT id FROM em_escalation_policies WHERE name = 'Search critical 24/7'" },
    enabled: true,
  },
  demo: async (db) => (await import('./demo.ts')).seedExceptionThresholds(db),
});
