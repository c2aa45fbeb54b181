/**
 * uploadsingleselect: one file dropped or chosen, uploaded at once to the field's directory
 * (`sourceParams.directory` or `inputProps.directory`); the value is the stored file path. Refusals
 * and upload errors show under the field.
 */
import '@mantine/dropzone/styles.css';
import { Button, Group, Input, Loader, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useSession } from '../../app/auth/SessionContext.tsx';
import { defineField, type FieldWidgetProps } from '../fieldWidget.ts';
import { asText } from '../inputProps.ts';
import { rejectionMessage, uploadFile } from '../upload/uploadFile.ts';

const directoryOf = (props: FieldWidgetProps): string => {
  const { sourceParams, inputProps } = props.field.spec;
  const dir = sourceParams?.directory ?? inputProps?.directory;
  return typeof dir === 'string' ? dir : '';
};

function UploadInput(props: FieldWidgetProps) {
  const { field, value, onChange, readOnly } = props;
  const { session } = useSession();
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const openRef = useRef<() => void>(null);
  const path = asText(value);

  const upload = async (files: File[]) => {
    const [file] = files;
    if (!file) return;
    setUploadError(undefined);
    setBusy(true);
    try {
      onChange(await uploadFile(file, directoryOf(props), () => session.getAccessToken()));
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Wrapper label={field.label} required={field.required} error={uploadError ?? props.error}>
      <Dropzone
        openRef={openRef}
        maxFiles={1}
        multiple={false}
        disabled={readOnly || busy}
        activateOnClick={false}
        // The whole drop is refused when any file is (react-dropzone would take the first of two).
        onDrop={() => {}}
        onDropAny={(files, rejections) => {
          if (rejections.length > 0) setUploadError(rejectionMessage(rejections.flatMap((r) => r.errors)));
          else void upload(files);
        }}
        inputProps={{ 'aria-label': field.label }}
        p="sm"
      >
        <Group gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          {busy ? <Loader size="sm" aria-label="Uploading" /> : <IconUpload size={20} aria-hidden />}
          <Text size="sm" c={path ? undefined : 'dimmed'} ff={path ? 'monospace' : undefined}>
            {path || 'Drop one file here'}
          </Text>
        </Group>
      </Dropzone>
      {!readOnly && (
        <Group gap="xs" mt={4}>
          <Button
            size="xs"
            variant="light"
            onClick={() => openRef.current?.()}
            aria-label={`Choose a file for ${field.label}`}
          >
            Choose file
          </Button>
          {path && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => onChange(null)}
              aria-label={`Remove the file of ${field.label}`}
            >
              Remove
            </Button>
          )}
        </Group>
      )}
    </Input.Wrapper>
  );
}

export const uploadsingleselectField = defineField({
  type: 'uploadsingleselect',
  Component: UploadInput,
  textual: false,
});
