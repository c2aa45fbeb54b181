/**
 * Renders one registered widget the way a form does (controlled value, the form's providers), for
 * widget tests: returns the change spy and the latest value.
 */
import type { ColumnDefinition, FormFieldType } from '@bm/contracts';
import { useState } from 'react';
import { vi } from 'vitest';
import { type RequestHandler, renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { fieldWidget } from '../fieldRegistry.ts';
import { type FormField, toFormField } from '../formField.ts';
import '../registerFields.ts';

export function makeField(
  type: FormFieldType,
  spec: Record<string, unknown> = {},
  column: Partial<ColumnDefinition> = {},
): FormField {
  const base: ColumnDefinition = {
    key: 'f',
    mapKey: 'f',
    column: 'Field',
    type: 'text',
    visible: true,
    ...column,
  };
  return toFormField(base, { type, ...spec }, 0);
}

interface Options {
  value?: unknown;
  values?: Record<string, unknown>;
  readOnly?: boolean;
  error?: string;
  handler?: RequestHandler;
  prefix?: string;
}

export function renderField(field: FormField, options: Options = {}) {
  const onChange = vi.fn();
  const latest = { value: options.value };
  const http = stubHttp(options.handler);
  const { Component } = fieldWidget(field.type);
  function Harness() {
    const [value, setValue] = useState<unknown>(options.value);
    return (
      <Component
        field={field}
        value={value}
        values={{ ...options.values, [field.mapKey]: value }}
        error={options.error}
        readOnly={options.readOnly ?? field.readOnly}
        prefix={options.prefix}
        onChange={(next) => {
          latest.value = next;
          onChange(next);
          setValue(next);
        }}
      />
    );
  }
  const view = renderWithApp(<Harness />, { services: { http } });
  return { ...view, onChange, latest, http };
}
