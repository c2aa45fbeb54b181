/**
 * The code field widget shared by every code type: a lazily loaded CodeMirror editor labelled by the
 * field, and a Validate button that sends the code to the validation call.
 */
import type { CodeFieldType } from '@bm/contracts';
import { Box, Button, Group, Input, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { readStyleNonce } from '../../app/providers/readStyleNonce.ts';
import { showErrorAlert } from '../../features/alerts/errorAlert.tsx';
import type { FieldWidgetProps } from '../fieldWidget.ts';
import { asText } from '../inputProps.ts';
import { showNoticeAlert } from '../noticeAlert.tsx';
import classes from './codeField.module.css';
import type { CodeEditor } from './createCodeEditor.ts';
import { validateCode, validationPath } from './validateCode.ts';

export function CodeFieldInput(props: FieldWidgetProps & { type: CodeFieldType; expanded?: boolean }) {
  const { field, type, value, readOnly, error } = props;
  const http = useHttp();
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<CodeEditor | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const [ready, setReady] = useState(false);
  const [validating, setValidating] = useState(false);
  const text = asText(value);
  // The editor loads asynchronously: it starts from the value and read-only state of that moment.
  const latest = useRef({ text, readOnly });
  latest.current = { text, readOnly };

  useEffect(() => {
    let cancelled = false;
    const parent = host.current;
    if (!parent) return;
    void import('./createCodeEditor.ts')
      .then(({ createCodeEditor }) =>
        createCodeEditor({
          parent,
          type,
          doc: latest.current.text,
          label: field.label,
          readOnly: latest.current.readOnly,
          nonce: readStyleNonce(document),
          onChange: (doc) => onChange.current(doc),
        }),
      )
      .then((created) => {
        if (cancelled) return created.destroy();
        editor.current = created;
        created.setDoc(latest.current.text);
        created.setReadOnly(latest.current.readOnly);
        setReady(true);
      });
    return () => {
      cancelled = true;
      editor.current?.destroy();
      editor.current = null;
    };
  }, [type, field.label]);

  useEffect(() => editor.current?.setDoc(text), [text]);
  useEffect(() => editor.current?.setReadOnly(readOnly), [readOnly]);

  const validate = async () => {
    setValidating(true);
    try {
      const outcome = await validateCode(http, validationPath(type, field.spec.validationApi), text);
      if (outcome.ok) showNoticeAlert('Validation', outcome.message);
      else showErrorAlert(outcome.message);
    } catch {
      // Alerted by the HTTP client.
    } finally {
      setValidating(false);
    }
  };

  return (
    <Input.Wrapper label={field.label} required={field.required} error={error}>
      <Box
        ref={host}
        className={classes.editor}
        data-error={error ? true : undefined}
        data-expanded={props.expanded || undefined}
        data-code-type={type}
        aria-busy={!ready}
      >
        {!ready && <Loader size="xs" m="xs" aria-label={`Loading the ${field.label} editor`} />}
      </Box>
      {/* A read-only field (a view page, a read-only class, an unticked bulk field) is not being
          written, so it offers no Validate: the server allows validation only to those who may edit. */}
      {!readOnly && (
        <Group justify="flex-end" mt={4}>
          <Button
            size="xs"
            variant="light"
            loading={validating}
            aria-label={`Validate ${field.label}`}
            onClick={() => void validate()}
          >
            Validate
          </Button>
        </Group>
      )}
    </Input.Wrapper>
  );
}
