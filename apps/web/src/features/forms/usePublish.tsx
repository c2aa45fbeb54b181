/**
 * Publish: a confirmation with Ok and Cancel (the publish action's titleModal
 * and contentModal where given), then `POST {api}/publish {id}` under a busy overlay. The dialog
 * closes either way; a failed call only clears the busy state, no alert.
 */
import type { PresetDefinition, SaveResult } from '@bm/contracts';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { publishPath } from './recordPaths.ts';

const DEFAULT_PUBLISH_TITLE = 'Public';
const publishQuestion = (id: number | string): string => `Do you want to publish item id ${id}?`;

export function usePublish(api: string | undefined, definition: PresetDefinition, onPublished: () => void) {
  const http = useHttp();
  const [busy, setBusy] = useState(false);
  const action = definition.actions.publish;

  const run = async (id: number | string) => {
    if (!api) return;
    setBusy(true);
    try {
      const result = await http.request<SaveResult>(publishPath(api, definition), {
        method: 'POST',
        body: { id },
        silent: true,
      });
      if (result?.isSuccess) {
        notifications.show({ color: 'green', message: result.message || 'Published' });
        onPublished();
      } else if (result?.message) {
        notifications.show({ color: 'red', message: result.message });
      }
    } catch {
      // A failed publish only clears the busy state.
    } finally {
      setBusy(false);
    }
  };

  const publish = (id: number | string) =>
    modals.openConfirmModal({
      title: action?.titleModal || DEFAULT_PUBLISH_TITLE,
      centered: true,
      children: <Text size="sm">{action?.contentModal || publishQuestion(id)}</Text>,
      labels: { confirm: 'Ok', cancel: 'Cancel' },
      onConfirm: () => void run(id),
    });

  return { publish, busy };
}
