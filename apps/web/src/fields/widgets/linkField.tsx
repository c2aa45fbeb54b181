/** link: an address input with an Open link beside it for web addresses and in-app paths. */
import { Anchor, TextInput } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { defineField, type FieldViewProps, type FieldWidgetProps } from '../fieldWidget.ts';
import { asText, baseInputProps } from '../inputProps.ts';
import { safeHref } from './safeHref.ts';

function LinkFieldInput(props: FieldWidgetProps) {
  const href = safeHref(props.value);
  return (
    <TextInput
      {...baseInputProps(props)}
      value={asText(props.value)}
      maxLength={props.field.maxLength}
      rightSection={
        href ? (
          <Anchor
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Open ${props.field.label}`}
          >
            <IconExternalLink size={16} aria-hidden />
          </Anchor>
        ) : undefined
      }
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}

function LinkView({ value }: FieldViewProps) {
  const href = safeHref(value);
  return href ? (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {href}
    </Anchor>
  ) : (
    asText(value)
  );
}

export const linkField = defineField({
  type: 'link',
  Component: LinkFieldInput,
  View: LinkView,
  textual: true,
});
