import { screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/testServices.tsx';
import type { FieldWidgetProps } from './fieldWidget.ts';
import { lazyFieldInput } from './lazyFieldInput.tsx';
import { makeField } from './test/renderField.tsx';

describe('a lazily loaded field input', () => {
  it("shows the field's label and a loader until its code is there, then the input", async () => {
    let loaded: (input: (props: FieldWidgetProps) => React.ReactNode) => void = () => {};
    const Input = lazyFieldInput(
      () =>
        new Promise((resolve) => {
          loaded = resolve;
        }),
      'date picker',
    );
    const field = makeField('date', { label: 'Starts', required: true });
    renderWithApp(
      <Input field={field} value={null} values={{}} error="Required" readOnly={false} onChange={() => {}} />,
    );
    expect(screen.getByLabelText('Loading the Starts date picker')).toBeInTheDocument();
    expect(screen.getByText('Starts')).toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
    // Nothing to type into yet: the label names no input.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await act(async () => loaded(({ field: f }) => <input aria-label={f.label} />));
    expect(await screen.findByRole('textbox', { name: 'Starts' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the Starts date picker')).not.toBeInTheDocument();
  });
});
