/**
 * Fields in two columns on wide screens, one on narrow ones; wide widgets span both. Only the
 * fields shown for the current values (visibleWhen) render, marked required as they are now.
 */
import { Grid } from '@mantine/core';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import type { FormField } from '../../fields/formField.ts';
import { FieldSlot } from './FieldSlot.tsx';
import { shownFields } from './fieldConditions.ts';
import { withRelated } from './relatedValues.ts';
import type { FormController } from './useFormController.ts';

interface FieldGridProps {
  fields: readonly FormField[];
  controller: FormController;
  markMode: boolean;
  /** The whole form is read-only (no save right). */
  locked?: boolean;
}

export function FieldGrid({ fields, controller, markMode, locked = false }: FieldGridProps) {
  const { state } = controller;
  // The related records' values (`payment.scheme`) join the form's for the conditions, bounds and
  // the lookups that name them; the form's own state stays the record's values only.
  const values = withRelated(state.values, controller.related);
  return (
    <Grid gap="md">
      {shownFields(fields, values).map((field) => (
        <Grid.Col key={field.key} span={{ base: 12, md: fieldWidget(field.type).wide ? 12 : 6 }}>
          <FieldSlot
            field={field}
            values={values}
            error={state.errors[field.mapKey]}
            readOnly={locked || field.readOnly}
            onChange={controller.change}
            markMode={markMode}
            marked={state.marked.includes(field.mapKey)}
            onMark={controller.mark}
          />
        </Grid.Col>
      ))}
    </Grid>
  );
}
