/**
 * Saving a bulk edit (`PUT {path}` with a filters query): the marked fields are
 * checked, the targeted records counted with the list's page-summarize and the user asked (what
 * changes in words, the count and the filter in words; with no filter the count must be typed); only
 * then are the marked fields sent once for every record matching the criteria. With ticked rows the
 * count is theirs (nothing to count on the server) and their ids go in the body, so exactly those
 * records change. The answer's per-record results are kept for
 * the page. Save and close leaves only when every record took the change. A save that does not happen
 * says why in the form's `problem` (the summary at the top of the form), never in a modal.
 */
import { type BulkResult, type PageSummary, type PresetDefinition, pageSummarySchema } from '@bm/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { plainErrorMessage } from '../../app/http/plainError.ts';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import type { FormField } from '../../fields/formField.ts';
import { type FieldOption, fixedOptions } from '../../fields/options/fieldOptions.ts';
import { sourceUrl } from '../../fields/options/sourceUrl.ts';
import { type BulkTarget, bulkCountUrl, bulkSummary, bulkUrl } from '../list/bulkTarget.ts';
import { buildSavePayload } from './buildSavePayload.ts';
import { fieldChanges } from './bulkChanges.ts';
import { confirmBulkEdit } from './confirmBulkEdit.tsx';
import type { FormProblem } from './FormErrorSummary.tsx';
import { saveProcedure } from './recordPaths.ts';
import type { RecordScreen } from './recordScreen.ts';
import { saveFailure } from './saveOutcome.ts';
import type { FormController } from './useFormController.ts';
import { type FieldErrors, validateForm } from './validation/validateForm.ts';

interface BulkSaveDeps {
  screen: RecordScreen;
  definition: PresetDefinition;
  listDefinition: PresetDefinition | undefined;
  fields: readonly FormField[];
  controller: FormController;
  path: string | undefined;
  /** The list's target; its source may be empty when the page was not opened from a list. */
  target: BulkTarget;
  leave: () => void;
}

export function useBulkSave(deps: BulkSaveDeps) {
  const { screen, definition, listDefinition, fields, controller, path, target, leave } = deps;
  const http = useHttp();
  const queryClient = useQueryClient();
  // A select's options as its widget loaded them (useFieldOptions' cache), to name the new value by
  // its label in the confirmation; nothing is fetched for it.
  const optionsOf =
    (values: Readonly<Record<string, unknown>>) =>
    (field: FormField): readonly FieldOption[] =>
      fixedOptions(field.spec) ??
      queryClient.getQueryData<FieldOption[]>([
        'fieldOptions',
        sourceUrl(field.spec, values),
        field.spec.valueFieldName,
        field.spec.displayFieldName,
      ]) ??
      [];
  const [saving, setSaving] = useState(false);
  // One save at a time: a second click before the re-render would count and ask again.
  const inFlight = useRef(false);
  const [result, setResult] = useState<BulkResult | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const fail = (message: string, errors: FieldErrors = {}) =>
    setProblem({
      message,
      fields: fields.flatMap((f) => {
        const error = errors[f.mapKey];
        return error ? [{ mapKey: f.mapKey, label: f.label, message: error }] : [];
      }),
    });

  const save = async (close: boolean) => {
    if (inFlight.current) return;
    const values = controller.snapshot();
    const marked = new Set(controller.state.marked);
    const check = validateForm(fields, values, marked);
    controller.setErrors(check.errors);
    if (check.alert) return fail(check.alert, check.errors);
    setProblem(null);
    if (!path) return fail('This bulk editor has no API path.');
    const procedure = saveProcedure(screen, definition, 'bulkupdate');
    let payload: ReturnType<typeof buildSavePayload>;
    try {
      payload = buildSavePayload({
        fields,
        values,
        procedure: procedure.procedure ?? listDefinition?.actions.bulkupdate?.storedProcedure,
        databaseName: procedure.databaseName,
        marked,
        adapterOf: fieldWidget,
      });
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
    if (!target.source) return fail('This bulk editor has no list to count the records in.');
    inFlight.current = true;
    setSaving(true);
    try {
      const ticked = target.ids;
      let count: Pick<PageSummary, 'totalItemsCount' | 'exact'>;
      if (ticked) count = { totalItemsCount: ticked.length, exact: true };
      else {
        try {
          const summary = await http.request<unknown>(bulkCountUrl(target.source, target.criteria), {
            silent: true,
          });
          count = pageSummarySchema.parse(summary);
        } catch (error) {
          const failure = saveFailure(error);
          if (failure.kind !== 'signedOut') {
            fail(`The records to change could not be counted: ${plainErrorMessage(error)}`);
          }
          return;
        }
      }
      if (count.totalItemsCount === 0) {
        fail('No records match the list’s filter: nothing was changed.');
        return;
      }
      const changes = fieldChanges(fields, values, marked, optionsOf(values));
      if (!(await confirmBulkEdit(count, target.words, changes, ticked !== undefined))) return;
      const answer = await http.request<BulkResult>(bulkUrl(path, target.criteria), {
        method: 'PUT',
        body: ticked ? { ...payload, ids: ticked.map(Number) } : payload,
        silent: true,
      });
      const outcome: BulkResult = {
        isSuccess: answer?.isSuccess === true,
        message: answer?.message ?? '',
        results: Array.isArray(answer?.results) ? answer.results : [],
      };
      setResult(outcome);
      notifications.show({
        color: outcome.isSuccess ? 'green' : 'orange',
        message: `Bulk edit: ${bulkSummary(outcome)}`,
      });
      if (close && outcome.isSuccess) leave();
    } catch (error) {
      const failure = saveFailure(error);
      if (failure.kind === 'invalid') {
        controller.setErrors(failure.errors);
        fail(failure.message, failure.errors);
      } else if (failure.kind !== 'signedOut') fail(plainErrorMessage(error));
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  return { save, saving, result, problem };
}
