/**
 * The list toolbar's Export button and its "Export to Excel" dialog: a file name (required, offered
 * as the page title and today's date; `.xlsx` is appended, and the dialog says the final name), then
 * `POST /api/exports/send` with the list as the user sees it (exportPayload.ts). The file is written
 * in the background: a green toast says so, and the notification bell offers it once it is ready.
 * A blank name is refused under the field and nothing is sent; a list without its default preset
 * alerts 'Missing the default preset.' instead of sending. A refusal keeps the dialog open with the
 * name as typed, the server's word on the file name under the field, any other message above it.
 */
import {
  EXPORT_FILE_EXTENSION,
  EXPORT_FILE_NAME_MAX,
  EXPORT_FILE_NAME_REQUIRED,
  EXPORT_MISSING_DEFAULT_PRESET,
  EXPORT_SEND_PATH,
  exportFileName,
} from '@bm/contracts';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { HttpError } from '../../app/http/HttpError.ts';
import { plainErrorMessage } from '../../app/http/plainError.ts';
import { showErrorAlert } from '../alerts/errorAlert.tsx';
import {
  browserTimeZone,
  defaultExportName,
  type ExportListView,
  type ExportSendAnswer,
  exportSendBody,
} from './exportPayload.ts';

const TITLE = 'Export to Excel';
const NOT_QUEUED = 'The export was not queued.';
const TOO_LONG = `The file name may have at most ${EXPORT_FILE_NAME_MAX} characters, ${EXPORT_FILE_EXTENSION} included.`;

export const exportQueuedMessage = (fileName: string): string =>
  `Export queued — you will get a notification when ${fileName} is ready`;

interface ExportButtonProps {
  /** The list as the grid shows it, read when the export is sent (see useListController). */
  view: () => ExportListView;
  /** The page's title: the export's `pageName`, and the start of the offered file name. */
  pageName: string;
  /** The list's presets hold its default preset. */
  hasDefaultPreset: boolean;
}

export function ExportButton({ view, pageName, hasDefaultPreset }: ExportButtonProps) {
  const http = useHttp();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  const open = () => {
    setName(defaultExportName(pageName));
    setFieldError(undefined);
    setProblem(undefined);
    setOpened(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!name.trim()) return setFieldError(EXPORT_FILE_NAME_REQUIRED);
    const fileName = exportFileName(name);
    if (fileName.length > EXPORT_FILE_NAME_MAX) return setFieldError(TOO_LONG);
    if (!hasDefaultPreset) {
      setOpened(false);
      return showErrorAlert(EXPORT_MISSING_DEFAULT_PRESET);
    }
    setSending(true);
    setProblem(undefined);
    try {
      // Silent: a refusal is shown in the dialog, not in an alert over it.
      const answer = await http.request<ExportSendAnswer | undefined>(EXPORT_SEND_PATH, {
        method: 'POST',
        body: exportSendBody(name, view(), pageName, browserTimeZone()),
        silent: true,
      });
      if (answer?.isSuccess === false) return setProblem(answer.message || NOT_QUEUED);
      setOpened(false);
      notifications.show({ color: 'green', message: exportQueuedMessage(fileName) });
    } catch (caught) {
      const onName = caught instanceof HttpError ? caught.body?.errors?.fileName : undefined;
      if (onName) setFieldError(onName);
      else setProblem(plainErrorMessage(caught));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button
        size="xs"
        variant="default"
        onClick={open}
        leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
      >
        Export
      </Button>
      <Modal opened={opened} onClose={() => !sending && setOpened(false)} title={TITLE} centered>
        <form onSubmit={(event) => void submit(event)} aria-label={TITLE} noValidate>
          <Stack gap="sm">
            {problem && (
              <Alert color="red" variant="light">
                {problem}
              </Alert>
            )}
            <TextInput
              label="File Name"
              withAsterisk
              value={name}
              error={fieldError}
              description={
                name.trim()
                  ? `Saved as ${exportFileName(name)}`
                  : `${EXPORT_FILE_EXTENSION} is added to the name`
              }
              onChange={(event) => {
                setName(event.currentTarget.value);
                setFieldError(undefined);
              }}
              maxLength={EXPORT_FILE_NAME_MAX}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setOpened(false)} disabled={sending}>
                Cancel
              </Button>
              <Button type="submit" loading={sending}>
                Export
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
