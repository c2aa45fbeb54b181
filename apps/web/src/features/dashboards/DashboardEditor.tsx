/**
 * Editing a dashboard (docs/adr/0029-dashboards.md), for those with the right: its title, and its
 * panels added, moved and removed; saved for everyone who sees it. The server checks every panel
 * (a part that does not resolve comes back named, and is shown on the panel) and refuses a save
 * made over someone else's newer one; a shipped dashboard can be put back as shipped.
 */
import type { DashboardDefinition, DashboardEditing, PanelSpec } from '@bm/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { HttpError } from '../../app/http/HttpError.ts';
import { PanelForm } from './PanelForm.tsx';
import { KIND_LABELS, moveItem, panelErrors, panelSummary } from './panelDraft.ts';

interface EditorProps {
  id: string;
  /** Leaves editing; `saved` after a save or a reset. */
  onClose: (saved: boolean) => void;
}

export function DashboardEditor({ id, onClose }: EditorProps) {
  const http = useHttp();
  const editing = useQuery({
    queryKey: ['dashboard-definition', id],
    queryFn: ({ signal }) => http.request<DashboardEditing>(`/api/dashboards/${id}/definition`, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
  if (editing.isPending) return <Loader size="sm" aria-label="Loading the dashboard's definition" />;
  if (!editing.data) return <Text c="red">The dashboard's definition could not be loaded.</Text>;
  return <EditorForm editing={editing.data} onClose={onClose} />;
}

function EditorForm({ editing, onClose }: { editing: DashboardEditing; onClose: (saved: boolean) => void }) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const { definition, sources } = editing;
  const [title, setTitle] = useState(definition.title);
  const [panels, setPanels] = useState<PanelSpec[]>(definition.panels);
  const [adding, setAdding] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resetting, setResetting] = useState(false);
  const sourceOf = (entity: string) => sources.find((s) => s.entity === entity);

  const done = async (message: string) => {
    await queryClient.invalidateQueries({ queryKey: ['dashboards'] });
    notifications.show({ color: 'green', message });
    onClose(true);
  };

  const save = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await http.request<DashboardDefinition>(`/api/dashboards/${definition.id}/definition`, {
        method: 'PUT',
        body: { title, panels, version: definition.version },
        silent: true,
      });
      await done('Dashboard saved');
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) setErrors(error.body?.errors ?? {});
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    setBusy(true);
    try {
      await http.request(`/api/dashboards/${definition.id}/reset`, { method: 'POST', silent: true });
      await done('Dashboard put back as shipped');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setResetting(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Edit dashboard
        </Title>
        <Group gap="xs">
          {definition.shipped && definition.changed && (
            <Button variant="subtle" color="red" onClick={() => setResetting(true)} disabled={busy}>
              Put back as shipped
            </Button>
          )}
          <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            Save dashboard
          </Button>
        </Group>
      </Group>
      {problem && (
        <Alert color="red" title="Not saved" role="alert">
          {problem}
        </Alert>
      )}
      <TextInput
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        error={errors.title}
        maxLength={100}
        required
      />
      <Stack gap="xs" component="ol" aria-label="Panels" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {panels.map((panel, index) => {
          const problems = panelErrors(errors, index);
          return (
            <Card key={panel.id} component="li" withBorder padding="sm" aria-label={panel.title}>
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={600}>{panel.title}</Text>
                  <Text size="sm" c="dimmed">
                    {KIND_LABELS[panel.kind]} · {sourceOf(panel.entity)?.title ?? panel.entity} ·{' '}
                    {panelSummary(panel, sourceOf(panel.entity))}
                  </Text>
                  {problems.map((p) => (
                    <Text key={p} size="sm" c="red">
                      {p}
                    </Text>
                  ))}
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${panel.title} up`}
                    disabled={index === 0}
                    onClick={() => setPanels((all) => moveItem(all, index, -1))}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${panel.title} down`}
                    disabled={index === panels.length - 1}
                    onClick={() => setPanels((all) => moveItem(all, index, 1))}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${panel.title}`}
                    onClick={() => setPanels((all) => all.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </Card>
          );
        })}
      </Stack>
      {panels.length === 0 && <Text c="dimmed">No panels: add one.</Text>}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => setAdding(true)}
        w="fit-content"
      >
        Add panel
      </Button>
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add panel" size="lg">
        <PanelForm
          sources={sources}
          takenIds={panels.map((p) => p.id)}
          onAdd={(panel) => {
            setPanels((all) => [...all, panel]);
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      </Modal>
      <Modal opened={resetting} onClose={() => setResetting(false)} title="Put back as shipped?">
        <Stack>
          <Text>
            Every change made to this dashboard since it was shipped is dropped, for everyone who sees it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setResetting(false)}>
              Keep it
            </Button>
            <Button color="red" onClick={() => void reset()} loading={busy}>
              Put back as shipped
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
