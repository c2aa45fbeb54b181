/**
 * Saving a bulk edit (`PUT {path}` with a filters query): the marked fields are
 * checked, the targeted records counted with the list's page-summarize and the user asked (the count
 * and the filter in words; with no filter the count must be typed); only then are the marked fields
 * sent once for every record matching the criteria. The answer's per-record results are kept for
 * the page. Save and close leaves only when every record took the change.
 */
import { type BulkResult, type PageSummary, type PresetDefinition, pageSummarySchema } from '@bm/contracts';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import type { FormField } from '../../fields/formField.ts';
import { showErrorAlert } from '../alerts/errorAlert.tsx';
import { type BulkTarget, bulkCountUrl, bulkSummary, bulkUrl } from '../list/bulkTarget.ts';
import { buildSavePayload } from './buildSavePayload.ts';
import { confirmBulkEdit } from './confirmBulkEdit.tsx';
import { saveProcedure } from './recordPaths.ts';
import type { RecordScreen } from './recordScreen.ts';
import { saveFailure } from './saveOutcome.ts';
import type { FormController } from './useFormController.ts';
import { validateForm } from './validation/validateForm.ts';

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
  const [saving, setSaving] = useState(false);
  // One save at a time: a second click before the re-render would count and ask again.
  const inFlight = useRef(false);
  const [result, setResult] = useState<BulkResult | null>(null);

  const save = async (close: boolean) => {
    if (inFlight.current) return;
    const values = controller.snapshot();
    const marked = new Set(controller.state.marked);
    const check = validateForm(fields, values, marked);
    controller.setErrors(check.errors);
    if (check.alert) return showErrorAlert(check.alert);
    if (!path) return showErrorAlert('This bulk editor has no API path.');
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
      return showErrorAlert(error instanceof Error ? error.message : String(error));
    }
    if (!target.source) return showErrorAlert('This bulk editor has no list to count the records in.');
    inFlight.current = true;
    setSaving(true);
    try {
      let count: PageSummary;
      try {
        const summary = await http.request<unknown>(bulkCountUrl(target.source, target.criteria), {
          silent: true,
        });
        count = pageSummarySchema.parse(summary);
      } catch (error) {
        const failure = saveFailure(error);
        if (failure.kind !== 'signedOut') {
          showErrorAlert(`The records to change could not be counted: ${failure.message}`);
        }
        return;
      }
      if (count.totalItemsCount === 0) {
        showErrorAlert('No records match the list’s filter: nothing was changed.');
        return;
      }
      if (!(await confirmBulkEdit(count, target.words))) return;
      const answer = await http.request<BulkResult>(bulkUrl(path, target.criteria), {
        method: 'PUT',
        body: payload,
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
      if (failure.kind === 'invalid') controller.setErrors(failure.errors);
      if (failure.kind !== 'signedOut') showErrorAlert(failure.message);
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  return { save, saving, result };
}
