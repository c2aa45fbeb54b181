/**
 * A field input whose code loads when a form first shows such a field (date pickers), so neither
 * the list screens nor forms without one download it. Until it is there the field shows its label
 * and a loader in its place; the label names no input yet, so nothing types into a placeholder.
 */
import { Input, Loader } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import type { FieldWidgetProps } from './fieldWidget.ts';

function LoadingField({ field, error, what }: FieldWidgetProps & { what: string }) {
  return (
    <Input.Wrapper label={field.label} required={field.required} error={error}>
      <Loader size="xs" my={8} aria-label={`Loading the ${field.label} ${what}`} />
    </Input.Wrapper>
  );
}

/** `what` names the input in the loader's label ("Loading the Starts date picker"). */
export function lazyFieldInput(
  load: () => Promise<ComponentType<FieldWidgetProps>>,
  what: string,
): ComponentType<FieldWidgetProps> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyFieldInput(props: FieldWidgetProps) {
    return (
      <Suspense fallback={<LoadingField {...props} what={what} />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
