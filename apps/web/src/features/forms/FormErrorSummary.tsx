/**
 * Why a form was not saved, at the top of the form: the message, then each field that needs
 * attention with its error, as a link that opens the field's tab and puts the cursor in it. The same
 * errors show under the fields; nothing opens a modal.
 */
import { Alert, Anchor, List, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

export interface FormProblem {
  message: string;
  fields: { mapKey: string; label: string; message: string }[];
}

interface FormErrorSummaryProps {
  problem: FormProblem | null;
  onGoTo: (mapKey: string) => void;
}

export function FormErrorSummary({ problem, onGoTo }: FormErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [problem]);
  if (!problem) return null;
  return (
    <Alert ref={ref} color="red" role="alert" mb="sm" aria-label="Form errors">
      <Text size="sm" fw={600} c="red">
        {problem.message}
      </Text>
      {problem.fields.length > 0 && (
        <List size="sm" spacing={2} mt={4}>
          {problem.fields.map((f) => (
            <List.Item key={f.mapKey}>
              <Anchor component="button" type="button" size="sm" onClick={() => onGoTo(f.mapKey)}>
                {f.label}
              </Anchor>
              <Text span size="sm">
                : {f.message}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/** Puts the cursor in a field's first control (after its tab has opened). */
export function focusField(mapKey: string): void {
  requestAnimationFrame(() => {
    const slot = document.querySelector(`[data-field="${CSS.escape(mapKey)}"]`);
    const control = slot?.querySelector<HTMLElement>(
      'input:not([type="hidden"]):not([disabled]), textarea, select, [contenteditable="true"], button:not([disabled])',
    );
    control?.focus();
  });
}
