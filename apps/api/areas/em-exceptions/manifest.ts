/**
 * Exception management, exceptions: the recurring error types of each application, how often and
 * when they were seen (kept by the monitoring pipeline, read-only here), their triage status and
 * the escalation policy alerted for them. Each row leads to its thresholds ('Config Thresholds'),
 * whose form reads the exception's name from this area's record (`exceptionName`). Deleting an
 * exception deletes its thresholds.
 */
import {
  escalationPolicyField,
  idField,
  lookup,
  maxLength,
  pickedBy,
  refersTo,
  required,
  updatedFields,
} from '../catalogue.ts';
import { defineArea, tagOptions } from '../manifest.ts';

const STATUS = {
  new: { color: 'red', label: 'New' },
  acknowledged: { color: 'yellow', label: 'Acknowledged' },
  resolved: { color: 'green', label: 'Resolved' },
  ignored: { color: 'gray', label: 'Ignored' },
};
/** Kept by the monitoring pipeline: shown on the edit and view forms, never written by them. */
const seen = (key: string, label: string, type: 'datetime' | 'number') => ({
  key,
  label,
  type,
  readOnly: true,
  form: { type, cssClass: 'readonly', notOnCreate: true },
});

export const emExceptions = defineArea({
  entity: 'EMException',
  label: 'Exceptions',
  singular: 'Exception',
  titleField: null,
  group: 'Exception management',
  icon: 'alert-triangle',
  segment: 'exception',
  api: '/api/exceptions',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  table: 'em_exceptions',
  sql: 'generated',
  joins: `JOIN em_applications a ON a.id = t.application_id
    LEFT JOIN em_escalation_policies p ON p.id = t.escalation_policy_id`,
  list: {
    sort: { key: 'lastSeen', direction: 'DESC' },
    createRedirect: true,
    extraRowActions: [
      {
        type: 'configThresholds',
        label: 'Config Thresholds',
        order: 0,
        pageUrl: '/exceptionthreshold/list?exceptionId={id}',
        columnKey: 'id',
      },
    ],
  },
  form: {},
  fields: [
    idField,
    refersTo(
      'EMApplication',
      pickedBy(
        'applicationName',
        'Application',
        `a.name || ' (' || a.environment || ')'`,
        'applicationId',
        'em-applications',
        { type: 'combobox' },
      ),
    ),
    {
      // The list's filter by application (`?applicationId=` from the address).
      key: 'applicationId',
      label: 'Application id',
      type: 'number',
      list: { visible: false },
    },
    {
      key: 'exceptionType',
      searchable: true,
      label: 'Exception type',
      type: 'text',
      form: {
        type: 'text',
        inputProps: { placeholder: 'System.TimeoutException' },
        validations: [
          required,
          maxLength(200),
          {
            name: 'pattern',
            value: '[A-Za-z_][A-Za-z0-9_.$+]*',
            message: 'A type name, as in System.TimeoutException',
          },
        ],
      },
    },
    {
      key: 'message',
      searchable: true,
      label: 'Message',
      type: 'text',
      form: { type: 'text', validations: [required, maxLength(2000)] },
    },
    {
      key: 'status',
      label: 'Status',
      type: 'text',
      insertDefault: "'new'",
      list: { tags: STATUS },
      form: { type: 'singleselect', options: tagOptions(STATUS), validations: [required] },
    },
    seen('occurrences', 'Occurrences', 'number'),
    seen('firstSeen', 'First seen', 'datetime'),
    seen('lastSeen', 'Last seen', 'datetime'),
    escalationPolicyField({ validations: [] }),
    {
      // The threshold form reads the exception's name under this key when it prefills.
      key: 'exceptionName',
      label: 'Exception name',
      type: 'text',
      select: `t.exception_type || ' · ' || a.name || ' (' || a.environment || ')'`,
      list: false,
      record: true,
    },
    ...updatedFields,
  ],
  dropdowns: [
    lookup({
      name: 'em-exceptions',
      view: 'v_dd_em_exceptions',
      columns: ['id', 'name', 'exceptionType', 'applicationId', 'status'],
      searchColumn: 'name',
      orderBy: 'name',
      rights: ['BMTools/EMException/List', 'BMTools/EMException/View'],
      filters: { applicationId: { column: 'applicationId', type: 'integer' } },
    }),
  ],
  sample: {
    applicationId: { sql: "SELECT min(id) FROM em_applications WHERE name = 'Booking engine'" },
    exceptionType: 'Sample.InventoryMismatchException',
    message: 'Supplier returned a car class that is not in the offer',
    status: 'acknowledged',
    escalationPolicyId: {
      sql: "SELECT id FROM em_escalation_policies WHERE name = 'Booking business hours'",
    },
  },
  demo: async (db) => (await import('./demo.ts')).seedExceptions(db),
});
