/** keygenerator: a key that cannot be typed, made by the Generate key button (contract). */
import { Button, Group, TextInput } from '@mantine/core';
import { defineField, type FieldWidgetProps } from '../fieldWidget.ts';
import { asText, baseInputProps } from '../inputProps.ts';
import { generateKey } from './generateKey.ts';

function KeyGeneratorInput(props: FieldWidgetProps) {
  const { field, readOnly, onChange } = props;
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        {...baseInputProps(props)}
        readOnly
        flex={1}
        ff="monospace"
        value={asText(props.value)}
        onKeyDown={(e) => {
          if (e.key.length === 1) e.preventDefault();
        }}
      />
      {!readOnly && (
        <Button
          variant="light"
          aria-label={`Generate key for ${field.label}`}
          mb={props.error ? 22 : 0}
          onClick={() => void generateKey().then(onChange)}
        >
          Generate key
        </Button>
      )}
    </Group>
  );
}

export const keygeneratorField = defineField({
  type: 'keygenerator',
  Component: KeyGeneratorInput,
  textual: true,
});
