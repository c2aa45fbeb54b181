/** htmleditor: rich text (Tiptap, loaded lazily); the detail view shows the sanitised HTML. */
import { Input, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { defineField, type FieldViewProps, type FieldWidgetProps } from '../fieldWidget.ts';
import { SanitizedHtml } from '../html/SanitizedHtml.tsx';
import { asText } from '../inputProps.ts';

const RichTextInput = lazy(() => import('../html/RichTextInput.tsx'));

function HtmlEditorInput({ field, value, onChange, error, readOnly, expanded }: FieldWidgetProps) {
  const labelId = `field-${field.mapKey}-label`;
  return (
    <Input.Wrapper label={field.label} labelProps={{ id: labelId }} required={field.required} error={error}>
      <Suspense fallback={<Loader size="xs" aria-label={`Loading the ${field.label} editor`} />}>
        <RichTextInput
          value={asText(value)}
          label={field.label}
          labelId={labelId}
          readOnly={readOnly}
          invalid={Boolean(error)}
          expanded={expanded}
          onChange={onChange}
        />
      </Suspense>
    </Input.Wrapper>
  );
}

const HtmlView = ({ value }: FieldViewProps) => <SanitizedHtml html={asText(value)} />;

export const htmleditorField = defineField({
  type: 'htmleditor',
  Component: HtmlEditorInput,
  View: HtmlView,
  textual: true,
  wide: true,
});
