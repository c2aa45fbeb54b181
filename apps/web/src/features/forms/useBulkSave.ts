/**
 * Saving a bulk edit (core §7 `PUT {path}` with a filters query; entities §2): the marked fields are
 * checked and sent once for every record matching the criteria; the answer's per-record results are
 * kept for the page. Save and close leaves only when every record took the change.
 */
import type { BulkResult, Filter, PresetDefinition } from '@bm/contracts';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import { showErrorAlert } from '../alerts/errorAlert.tsx';
import { buildSavePayload } from './buildSavePayload.ts';
import { bulkSummary, bulkUrl } from './bulkTarget.ts';
import type { FormField } from './formField.ts';
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
  criteria: Filter | undefined;
  leave: () => void;
}

export function useBulkSave(deps: BulkSaveDeps) {
  const { screen, definition, listDefinition, fields, controller, path, criteria, leave } = deps;
  const http = useHttp();
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<BulkResult | null>(null);

  const save = async (close: boolean) => {
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
    setSaving(true);
    try {
      const answer = await http.request<BulkResult>(bulkUrl(path, criteria), {
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
      setSaving(false);
    }
  };

  return { save, saving, result };
}
