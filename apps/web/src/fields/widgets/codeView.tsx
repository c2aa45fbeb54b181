/** Code on the detail view: always text, never markup (issue 4: code values render as text). */
import { Code } from '@mantine/core';
import type { FieldViewProps } from '../fieldWidget.ts';
import { asText } from '../inputProps.ts';

export const CodeView = ({ value }: FieldViewProps) => (
  <Code block mah={400} style={{ overflow: 'auto', whiteSpace: 'pre-wrap' }}>
    {asText(value)}
  </Code>
);
