/**
 * Exception management, escalation policies: who is alerted when a threshold is crossed, and when.
 * The first contact is alerted at once; while nobody acknowledges, the second and third contacts
 * after their delays; the round is repeated `repeatCount` more times. The table checks that the
 * levels come in order, later and to other people; the form asks for a delay with each contact.
 */
import {
  enabledField,
  idField,
  lookup,
  maxLength,
  pickedBy,
  refersTo,
  required,
  updatedFields,
} from '../catalogue.ts';
import { defineArea } from '../manifest.ts';

/** A contact of one level, picked by name; only the first level is required. */
const contact = (level: 'first' | 'second' | 'third', label: string, alias: string) =>
  refersTo(
    'EMContact',
    pickedBy(
      `${level}ContactName`,
      label,
      `${alias}.name || ' (' || ${alias}.team || ')'`,
      `${level}ContactId`,
      'em-contacts',
      {
        type: 'combobox',
        ...(level === 'first' ? {} : { validations: [] }),
      },
    ),
  );

/** Minutes after the alert before a level is told; required once its contact is chosen. */
const delay = (level: 'second' | 'third', label: string) => ({
  key: `${level}DelayMinutes`,
  label,
  type: 'number' as const,
  form: {
    type: 'number' as const,
    requiredWhen: `${level}ContactId > 0`,
    validations: [
      { name: 'number', message: 'Digits only' },
      { name: 'min', value: 1, message: 'At least one minute' },
      { name: 'max', value: 1440, message: 'At most a day (1440 minutes)' },
    ],
  },
});

export const emEscalationPolicies = defineArea({
  entity: 'EMEscalationPolicy',
  label: 'Escalation policies',
  singular: 'Escalation policy',
  titleField: 'name',
  group: 'Exception management',
  icon: 'stairs-up',
  segment: 'escalationpolicy',
  api: '/api/escalationpolicies',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  table: 'em_escalation_policies',
  sql: 'generated',
  joins: `JOIN em_contacts c1 ON c1.id = t.first_contact_id
    LEFT JOIN em_contacts c2 ON c2.id = t.second_contact_id
    LEFT JOIN em_contacts c3 ON c3.id = t.third_contact_id`,
  list: { sort: { key: 'name', direction: 'ASC' }, createRedirect: true },
  form: {},
  fields: [
    idField,
    {
      key: 'name',
      searchable: true,
      label: 'Name',
      type: 'text',
      form: { type: 'text', validations: [required, maxLength(200)] },
    },
    {
      key: 'description',
      label: 'Description',
      type: 'text',
      list: false,
      form: { type: 'text', validations: [maxLength(1000)] },
    },
    contact('first', 'First contact', 'c1'),
    contact('second', 'Second contact', 'c2'),
    delay('second', 'Second after (minutes)'),
    contact('third', 'Third contact', 'c3'),
    delay('third', 'Third after (minutes)'),
    {
      key: 'repeatCount',
      label: 'Repeats',
      type: 'number',
      insertDefault: '0',
      form: {
        type: 'number',
        validations: [
          required,
          { name: 'number', message: 'Digits only' },
          { name: 'min', value: 0, message: 'Zero or more' },
          { name: 'max', value: 10, message: 'At most 10 repeats' },
        ],
      },
    },
    enabledField,
    ...updatedFields,
  ],
  dropdowns: [
    lookup({
      name: 'em-escalation-policies',
      view: 'v_dd_em_escalation_policies',
      columns: ['id', 'name', 'enabled'],
      searchColumn: 'name',
      orderBy: 'name',
      rights: ['BMTools/EMEscalationPolicy/List', 'BMTools/EMEscalationPolicy/View'],
      filters: { enabled: { column: 'enabled', type: 'boolean' } },
    }),
  ],
  sample: {
    name: 'Sample weekend escalation',
    description: 'Payments on-call, then the duty manager',
    firstContactId: { sql: "SELECT min(id) FROM em_contacts WHERE team = 'Payments' AND enabled" },
    secondContactId: { sql: "SELECT min(id) FROM em_contacts WHERE team = 'Duty managers' AND enabled" },
    secondDelayMinutes: 20,
    repeatCount: 2,
    enabled: true,
  },
  demo: async (db) => (await import('./demo.ts')).seedEscalationPolicies(db),
});
