/**
 * keygenerator: a key the user cannot type. The server makes it on create and on request, answers
 * it once (the form shows it in a dialog) and stores only its SHA-256 hash, which this field then
 * shows. On a stored record, Generate new key sets the field to REGENERATE_KEY, which asks the
 * next save for a new key; the browser never makes or chooses one.
 */
import { REGENERATE_KEY } from '@bm/contracts';
import { Button, Group, TextInput } from '@mantine/core';
import { defineField, type FieldWidgetProps } from '../fieldWidget.ts';
import { asText, baseInputProps } from '../inputProps.ts';

function KeyGeneratorInput(props: FieldWidgetProps) {
  const { field, readOnly, onChange } = props;
  const text = asText(props.value);
  const pending = text === REGENERATE_KEY;
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        {...baseInputProps(props)}
        readOnly
        flex={1}
        ff="monospace"
        value={pending ? '' : text}
        placeholder={pending ? 'A new key is made when you save' : 'Made by the server when you save'}
        onKeyDown={(e) => {
          if (e.key.length === 1) e.preventDefault();
        }}
      />
      {/* A new record always gets a key, so only a stored one offers a new key. */}
      {!readOnly && text !== '' && (
        <Button
          variant="light"
          aria-label={`Generate new key for ${field.label}`}
          mb={props.error ? 22 : 0}
          disabled={pending}
          onClick={() => onChange(REGENERATE_KEY)}
        >
          Generate new key
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
