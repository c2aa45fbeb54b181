import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeField, renderField } from '../test/renderField.tsx';
import { formatJson } from './jsonviewField.tsx';

describe('jsonview widget', () => {
  it('shows JSON formatted, as text', () => {
    renderField(makeField('jsonview', { label: 'Payload' }), {
      value: '{"a":1,"b":"<img src=x onerror=alert(1)>"}',
    });
    expect(screen.getByText('Payload')).toBeInTheDocument();
    const block = document.querySelector('pre');
    expect(block?.textContent).toBe('{\n  "a": 1,\n  "b": "<img src=x onerror=alert(1)>"\n}');
    expect(document.querySelector('img')).toBeNull();
  });

  it('formats objects and leaves text that is not JSON as it is', () => {
    expect(formatJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(formatJson('not json')).toBe('not json');
    expect(formatJson(null)).toBe('');
  });
});
