/**
 * The dialogs of map actions: the server's message (one Ok), a question (Ok or Cancel, resolved as
 * a boolean), and the note Add to blacklist and Disable ask for, and Restore offers (resolved as
 * the note, '' for none where it is optional, or undefined when cancelled).
 */
import { MAP_NOTE_MAX, type MapActionResult } from '@bm/contracts';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ReactNode, useState } from 'react';

let sequence = 0;
const nextId = (kind: string) => {
  sequence += 1;
  return `map-${kind}-${sequence}`;
};

/** The server's `error` (or other) answer as a dialog with one Ok. */
export function messageDialog(result: MapActionResult): void {
  const modalId = nextId('answer');
  modals.open({
    modalId,
    title: result.messageTitle ?? '',
    centered: true,
    children: (
      <>
        <Text size="sm">{result.messageContent}</Text>
        <Group justify="flex-end" mt="md">
          <Button data-autofocus onClick={() => modals.close(modalId)}>
            Ok
          </Button>
        </Group>
      </>
    ),
  });
}

interface Question {
  title: ReactNode;
  content: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
}

/** Asks; true when the user confirms, false when they cancel or close the dialog. */
export function askToConfirm({ title, content, confirmLabel = 'Ok', danger }: Question): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    modals.openConfirmModal({
      modalId: nextId('confirm'),
      title,
      centered: true,
      children: <Text size="sm">{content}</Text>,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      // The answer is one key away: Enter confirms, Escape cancels.
      confirmProps: { 'data-autofocus': true, ...(danger ? { color: 'red' } : {}) } as Record<
        string,
        unknown
      >,
      onConfirm: () => {
        answered = true;
        resolve(true);
      },
      onClose: () => {
        if (!answered) resolve(false);
      },
    });
  });
}

interface NoteQuestion {
  /** The dialog's title and its button. */
  action: string;
  /** Whether a note must be given (blacklist, disable) or may (restore). */
  required?: boolean;
  /** What the dialog says above the note. */
  intro?: ReactNode;
}

function NoteForm({
  action,
  required = true,
  intro,
  onSend,
  onCancel,
}: NoteQuestion & {
  onSend: (note: string) => void;
  onCancel: () => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (required && note.trim() === '') return setError('This field is required');
        onSend(note.trim());
      }}
    >
      {intro && (
        <Text size="sm" mb="sm">
          {intro}
        </Text>
      )}
      <Textarea
        label={required ? 'Note' : 'Note (optional)'}
        description="Why, for whoever looks at this record next"
        data-autofocus
        autosize
        minRows={2}
        maxLength={MAP_NOTE_MAX}
        value={note}
        error={error}
        withAsterisk={required}
        onChange={(event) => {
          setNote(event.currentTarget.value);
          setError(undefined);
        }}
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" color={action === 'Disable' ? 'red' : undefined}>
          {action}
        </Button>
      </Group>
    </form>
  );
}

/**
 * Asks for the note of Add to blacklist or Disable, or of Restore where it is optional (`action` is
 * the dialog's title and button).
 */
export function askForNote(question: string | NoteQuestion): Promise<string | undefined> {
  const { action, required, intro } = typeof question === 'string' ? { action: question } : question;
  return new Promise((resolve) => {
    const modalId = nextId('note');
    let answered = false;
    const answer = (note: string | undefined) => {
      answered = true;
      modals.close(modalId);
      resolve(note);
    };
    modals.open({
      modalId,
      title: action,
      centered: true,
      onClose: () => {
        if (!answered) resolve(undefined);
      },
      children: (
        <NoteForm
          action={action}
          required={required ?? true}
          intro={intro}
          onSend={answer}
          onCancel={() => answer(undefined)}
        />
      ),
    });
  });
}
