/**
 * Saving a record form: validate, build
 * the payload, create or update, then stay and reload, open the new record, or leave. A key the
 * save generated is shown once, in a dialog, before any of these. Failures keep
 * every value on screen: a 400 places its errors under the fields, a 409 opens the conflict dialog
 * (the stored record from the answer, else fetched again). Every other failure is the form's
 * `problem`, shown in plain words at the top of the form (FormErrorSummary), never in a modal.
 */
import type { PresetDefinition, SaveResult } from '@bm/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { plainErrorMessage } from '../../app/http/plainError.ts';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import type { FormField } from '../../fields/formField.ts';
import { isMarkMode } from '../../fields/formField.ts';
import { buildSavePayload } from './buildSavePayload.ts';
import type { FormProblem } from './FormErrorSummary.tsx';
import { showGeneratedKey } from './generatedKeyDialog.tsx';
import { recordPath, saveProcedure } from './recordPaths.ts';
import type { RecordScreen } from './recordScreen.ts';
import { afterSave, saveFailure } from './saveOutcome.ts';
import { serverFieldErrors } from './serverFieldErrors.ts';
import type { FormController } from './useFormController.ts';
import type { FieldErrors } from './validation/validateForm.ts';
import { validateForm } from './validation/validateForm.ts';

export interface Conflict {
  current: Record<string, unknown>;
  close: boolean;
}

interface SaveDeps {
  screen: RecordScreen;
  definition: PresetDefinition;
  fields: readonly FormField[];
  controller: FormController;
  api: string;
  reload: () => Promise<unknown>;
  leave: () => void;
  /** Called once a save succeeded, before any navigation it causes. */
  onSaved?: () => void;
  onInvalid: (errors: FieldErrors) => void;
}

export function useRecordSave({
  screen,
  definition,
  fields,
  controller,
  api,
  reload,
  leave,
  onSaved,
  onInvalid,
}: SaveDeps) {
  const http = useHttp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  // One save at a time: `saving` disables the buttons only after a render, and on a busy machine a
  // second click (Save, then Save and close) can come first; it would send a stale row version.
  const inFlight = useRef(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const isCreate = screen.id === undefined;

  const fieldProblems = (errors: FieldErrors): FormProblem['fields'] =>
    fields.flatMap((f) => {
      const message = errors[f.mapKey];
      return message ? [{ mapKey: f.mapKey, label: f.label, message }] : [];
    });
  const fail = (message: string, errors: FieldErrors = {}) =>
    setProblem({ message, fields: fieldProblems(errors) });

  const fetchCurrent = (): Promise<Record<string, unknown> | undefined> =>
    screen.id === undefined
      ? Promise.resolve(undefined)
      : http
          .request<Record<string, unknown>>(recordPath(api, screen.id), { silent: true })
          .catch(() => undefined);

  const handleFailure = async (error: unknown, close: boolean) => {
    const failure = saveFailure(error);
    if (failure.kind === 'signedOut') return;
    if (failure.kind === 'conflict') {
      const current = failure.current ?? (await fetchCurrent());
      if (current) return setConflict({ current, close });
      return fail(failure.message);
    }
    if (failure.kind === 'invalid') {
      const { byField, unplaced } = serverFieldErrors(fields, failure.errors);
      controller.setErrors(byField);
      onInvalid(byField);
      return fail([failure.message, ...unplaced].join(' '), byField);
    }
    fail(plainErrorMessage(error));
  };

  const save = async (close: boolean, rowVersion?: number) => {
    if (inFlight.current) return;
    // Flushes every widget's held-back input first, so the payload is what is on screen.
    const values = controller.snapshot();
    const marked = isMarkMode(fields) ? new Set(controller.state.marked) : undefined;
    // The rules read the related records too (the payment's amount); the payload only the form's own.
    const check = validateForm(fields, controller.ruleValues(values), marked);
    controller.setErrors(check.errors);
    if (check.alert) {
      onInvalid(check.errors);
      return fail(check.alert, check.errors);
    }
    setProblem(null);
    let payload: ReturnType<typeof buildSavePayload>;
    try {
      payload = buildSavePayload({
        fields,
        values,
        ...saveProcedure(screen, definition, isCreate ? 'create' : 'edit'),
        rowVersion: isCreate ? undefined : (rowVersion ?? controller.state.rowVersion),
        marked,
        adapterOf: fieldWidget,
      });
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
    inFlight.current = true;
    setSaving(true);
    try {
      const result = await http.request<SaveResult>(isCreate ? api : recordPath(api, screen.id ?? ''), {
        method: isCreate ? 'POST' : 'PUT',
        body: payload,
        silent: true,
      });
      if (!result?.isSuccess) return fail(result?.message || 'The record was not saved.');
      notifications.show({ color: 'green', message: result.message || 'Saved' });
      onSaved?.();
      // A field whose data shows elsewhere (the shell's menu) has those views reloaded.
      for (const f of fields) {
        for (const queryKey of fieldWidget(f.type).invalidatesOnSave ?? []) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }
      if (result.generatedKey) {
        const { mapKey, key } = result.generatedKey;
        await showGeneratedKey(fields.find((f) => f.mapKey === mapKey)?.label ?? 'key', key);
      }
      const next = afterSave(result, screen.id, close);
      if (next.kind === 'leave') leave();
      else if (next.kind === 'reload') await reload();
      else navigate(screen.editPath(next.id));
    } catch (error) {
      await handleFailure(error, close);
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  return { save, saving, conflict, clearConflict: () => setConflict(null), problem };
}
