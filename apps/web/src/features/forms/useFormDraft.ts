/**
 * Keeps a record form's unsaved values through an expired session (see formDrafts.ts): when the
 * session lapses — a 401 that silent renewal could not mend — the values on screen (delayed widget
 * input included) are written before the sign-in view replaces the form; once the user signed in
 * again and the form loaded, `restore` puts them back over the stored record and says so.
 */
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef } from 'react';
import { useSession } from '../../app/auth/SessionContext.tsx';
import type { FormField } from '../../fields/formField.ts';
import { preFillKey } from './fieldAdapter.ts';
import { draftValues, saveDraft, takeDraft } from './formDrafts.ts';
import { hasUnsavedChanges } from './unsavedChanges.ts';
import type { FormController } from './useFormController.ts';

const RESTORED_MESSAGE =
  'The changes you made before your session expired are back on the form. Save to keep them.';

export function useFormDraft(
  controller: FormController,
  fields: readonly FormField[],
  route: string,
): { restore: (rowVersion: number | undefined) => void } {
  const { session, snapshot } = useSession();
  const email = snapshot.user?.profile.email ?? undefined;
  const latest = useRef({ controller, email });
  // The email stays the last known one: the listener runs after the session already dropped the user.
  latest.current = { controller, email: email ?? latest.current.email };

  useEffect(
    () =>
      session.subscribe(() => {
        const now = session.getSnapshot();
        if (now.status !== 'signedOut' || now.expired !== true) return;
        const { controller: form, email: owner } = latest.current;
        if (!owner || !form.state.loaded) return;
        const values = form.snapshot();
        if (!hasUnsavedChanges(form.state.initial, values)) return;
        saveDraft(window.sessionStorage, route, {
          owner,
          values,
          marked: [...form.state.marked],
          rowVersion: form.state.rowVersion,
        });
      }),
    [session, route],
  );

  const restored = useRef(false);
  const restore = useCallback(
    (rowVersion: number | undefined) => {
      if (restored.current) return;
      restored.current = true;
      const draft = takeDraft(window.sessionStorage, route, latest.current.email);
      if (!draft) return;
      const keys = new Set(fields.flatMap((f) => [f.mapKey, preFillKey(f.mapKey)]));
      const { controller: form } = latest.current;
      form.setValues(draftValues(draft, keys));
      for (const key of draft.marked) if (keys.has(key)) form.mark(key, true);
      form.setRowVersion(draft.rowVersion ?? rowVersion);
      notifications.show({ color: 'blue', title: 'Unsaved changes restored', message: RESTORED_MESSAGE });
    },
    [fields, route],
  );

  return { restore };
}
