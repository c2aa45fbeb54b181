/**
 * One field on a form: its registered widget, the mark box in mark-fields mode, and the expand
 * button (showExpandBtn) opening the field in a full-screen dialog. In mark-fields mode a markable
 * field's input stays disabled until its Change box is ticked: what the user types always counts,
 * instead of being typed into a field that is not sent.
 */
import { ActionIcon, Box, Checkbox, Fieldset, Group, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowsMaximize } from '@tabler/icons-react';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import type { FormValues } from '../../fields/fieldWidget.ts';
import type { FormField } from '../../fields/formField.ts';
import { preFillKey } from './fieldAdapter.ts';
import classes from './fieldSlot.module.css';

interface FieldSlotProps {
  field: FormField;
  values: FormValues;
  error: string | undefined;
  readOnly: boolean;
  onChange: (field: FormField, value: unknown) => void;
  markMode: boolean;
  marked: boolean;
  onMark: (key: string, on: boolean) => void;
}

export function FieldSlot({
  field,
  values,
  error,
  readOnly,
  onChange,
  markMode,
  marked,
  onMark,
}: FieldSlotProps) {
  const { Component } = fieldWidget(field.type);
  const [expanded, expand] = useDisclosure(false);
  const prefix = values[preFillKey(field.mapKey)];
  // No comparison with `values` here: they are this render's, and a delayed widget may report two
  // changes before the next render (the form compares with its live values instead).
  const change = (value: unknown) => onChange(field, value);
  const markable = markMode && field.markable && !readOnly;
  const waiting = markable && !marked;
  // The fieldset disables every native control inside; readOnly stops the editors (rich text,
  // code) that are not form controls.
  const widget = (big: boolean) => (
    <Fieldset variant="unstyled" className={classes.fieldset} disabled={waiting}>
      <Component
        field={field}
        value={values[field.mapKey]}
        values={values}
        error={error}
        readOnly={readOnly || waiting}
        prefix={typeof prefix === 'string' ? prefix : undefined}
        expanded={big}
        onChange={change}
      />
    </Fieldset>
  );
  const expandable = field.spec.showExpandBtn === true;

  return (
    <Box
      data-field={field.mapKey}
      data-marked={markable ? marked : undefined}
      data-readonly={readOnly || undefined}
      className={classes.slot}
    >
      {(markable || expandable) && (
        <Group justify="space-between" gap="xs" mb={4}>
          {markable ? (
            <Checkbox
              size="xs"
              label={`Change ${field.label}`}
              checked={marked}
              onChange={(e) => onMark(field.mapKey, e.currentTarget.checked)}
            />
          ) : (
            <span />
          )}
          {expandable && (
            <ActionIcon variant="subtle" size="sm" aria-label={`Expand ${field.label}`} onClick={expand.open}>
              <IconArrowsMaximize size={14} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      )}
      {widget(false)}
      {expandable && (
        <Modal opened={expanded} onClose={expand.close} fullScreen title={field.label}>
          {expanded && widget(true)}
        </Modal>
      )}
    </Box>
  );
}
