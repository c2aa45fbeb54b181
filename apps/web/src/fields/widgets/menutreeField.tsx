/**
 * menutree: a menu tree edited in place (the Menu area's edit form; any JSON tree field of the
 * menu schema). The tree on the left, the selected item's fields on the right: name, icon (the
 * icons the shell draws), link (a published page or tool, or typed), right (the existing rights)
 * and visibility. Items are added as siblings or submenus, removed (never the last top-level one)
 * and reordered by dragging with the mouse or from the keyboard: Alt+↑/↓ move up and down,
 * Alt+→ makes the item a child of the one above, Alt+← makes it the next sibling of its parent.
 */
import { MENU_RIGHTS_PATH, menuRightsSchema } from '@bm/contracts';
import {
  ActionIcon,
  Autocomplete,
  Group,
  Input,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconPlus,
  IconSubtask,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type DragEvent, type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { useAppRoutes } from '../../app/routes/useAppRoutes.ts';
import { MENU_ICON_NAMES, MenuIcon } from '../../features/menu/menuIcons.tsx';
import { MENU_KEY } from '../../features/menu/menuQueries.ts';
import { defineField, type FieldWidgetProps } from '../fieldWidget.ts';
import classes from './menuTree.module.css';
import {
  addChild,
  addSibling,
  blankNames,
  canMove,
  canRemove,
  type DropPosition,
  dropItem,
  type EditorNode,
  findNode,
  fromMenu,
  type ItemFields,
  type Move,
  moveItem,
  remove,
  toMenu,
  update,
} from './menuTreeModel.ts';

const REQUIRED = 'required field';

/** What a row shows as its name, and so what it is called: a blank name reads "(no name)". */
const shownName = (node: EditorNode): string => node.name.trim() || '(no name)';

/** A row's description: where it links to and, when its name is missing, that it is required. */
const rowDescription = (linkTo: string | undefined, blank: boolean): string =>
  [linkTo, blank ? REQUIRED : undefined].filter(Boolean).join(', ');

function useRightNames(enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: ['menuRights'],
    queryFn: async ({ signal }) =>
      menuRightsSchema.parse(await http.request<unknown>(MENU_RIGHTS_PATH, { silent: true, signal })),
    enabled,
    staleTime: 60_000,
  });
}

/** The pages a menu may link to: published screens without parameters, tools included. */
function useLinkOptions(): string[] {
  const routes = useAppRoutes();
  return useMemo(
    () =>
      [...new Set((routes.data?.routes ?? []).map((r) => r.pattern).filter((p) => !p.includes(':')))].sort(),
    [routes.data],
  );
}

const MOVES: { move: Move; label: string; keys: string; Icon: typeof IconArrowUp }[] = [
  { move: 'up', label: 'Move up', keys: 'Alt+↑', Icon: IconArrowUp },
  { move: 'down', label: 'Move down', keys: 'Alt+↓', Icon: IconArrowDown },
  { move: 'in', label: 'Move in', keys: 'Alt+→', Icon: IconArrowRight },
  { move: 'out', label: 'Move out', keys: 'Alt+←', Icon: IconArrowLeft },
];
const ARROW_MOVES: Record<string, Move> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowRight: 'in',
  ArrowLeft: 'out',
};

/** Keys of the items in the order they show, for ↑/↓ between rows. */
const visibleOrder = (nodes: readonly EditorNode[]): string[] =>
  nodes.flatMap((n) => [n.key, ...visibleOrder(n.children)]);

function MenuTreeInput({ field, value, onChange, error, readOnly }: FieldWidgetProps) {
  const [nodes, setNodes] = useState<EditorNode[]>(() => fromMenu(value));
  const emitted = useRef<string>(JSON.stringify(value ?? null));
  // A value from outside (the record reloaded after a save, a conflict resolved) starts the tree anew.
  const incoming = JSON.stringify(value ?? null);
  if (incoming !== emitted.current) {
    emitted.current = incoming;
    setNodes(fromMenu(value));
  }
  const [selected, setSelected] = useState<string | undefined>(() => nodes[0]?.key);
  const [drop, setDrop] = useState<{ key: string; position: DropPosition } | null>(null);
  const dragged = useRef<string | null>(null);
  const rows = useRef(new Map<string, HTMLDivElement>());
  const rights = useRightNames(!readOnly);
  const links = useLinkOptions();
  const blanks = blankNames(nodes);
  const current = selected ? findNode(nodes, selected) : undefined;

  const commit = (next: EditorNode[], select?: string) => {
    const menu = toMenu(next);
    emitted.current = JSON.stringify(menu);
    setNodes(next);
    onChange(menu);
    if (select !== undefined) {
      setSelected(select);
      requestAnimationFrame(() => rows.current.get(select)?.focus());
    }
  };
  const edit = (patch: Partial<ItemFields>) => current && commit(update(nodes, current.key, patch));
  const move = (key: string, how: Move) => commit(moveItem(nodes, key, how), key);
  const removeItem = (key: string) => {
    const order = visibleOrder(nodes);
    const next = remove(nodes, key);
    const stay = order[order.indexOf(key) - 1] ?? visibleOrder(next)[0];
    commit(next, stay);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, key: string) => {
    if (event.target !== event.currentTarget || readOnly) return;
    const arrow = ARROW_MOVES[event.key];
    if (event.altKey && arrow) {
      event.preventDefault();
      move(key, arrow);
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const order = visibleOrder(nodes);
      const to = order[order.indexOf(key) + (event.key === 'ArrowUp' ? -1 : 1)];
      if (to) {
        setSelected(to);
        rows.current.get(to)?.focus();
      }
    } else if (event.key === 'Delete' && canRemove(nodes, key)) {
      event.preventDefault();
      removeItem(key);
    } else if (event.key === 'Insert') {
      event.preventDefault();
      const [next, added] = addSibling(nodes, key);
      commit(next, added);
    }
  };

  const positionOf = (event: DragEvent<HTMLDivElement>): DropPosition => {
    const box = event.currentTarget.getBoundingClientRect();
    const y = (event.clientY - box.top) / Math.max(box.height, 1);
    return y < 0.3 ? 'before' : y > 0.7 ? 'after' : 'inside';
  };

  const renderNodes = (list: readonly EditorNode[], depth: number) =>
    list.map((node) => {
      const hint = drop?.key === node.key ? drop.position : undefined;
      return (
        <div key={node.key} role="none">
          {/* The row: the tree item (icon and name) and, beside it, where it links to and whether
              its name is missing. Those two stay outside the item, so that what the item shows is
              exactly what it is called (voice users call it by what they see); the item carries them
              as its description. The row is what is dragged and dropped on. */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging is the mouse's way to move a row; the keyboard's is Alt+arrows on its tree item. */}
          <div
            className={classes.row}
            data-selected={node.key === selected || undefined}
            data-drop={hint}
            data-blank={blanks.has(node.key) || undefined}
            style={{ paddingInlineStart: `calc(${depth} * 1.25rem + 0.5rem)` }}
            draggable={!readOnly}
            onDragStart={(e) => {
              dragged.current = node.key;
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', node.name);
            }}
            onDragOver={(e) => {
              if (!dragged.current || dragged.current === node.key) return;
              e.preventDefault();
              const position = positionOf(e);
              if (hint !== position) setDrop({ key: node.key, position });
            }}
            onDragLeave={() => setDrop((d) => (d?.key === node.key ? null : d))}
            onDrop={(e) => {
              e.preventDefault();
              const key = dragged.current;
              dragged.current = null;
              setDrop(null);
              if (key && key !== node.key) commit(dropItem(nodes, key, node.key, positionOf(e)), key);
            }}
            onDragEnd={() => {
              dragged.current = null;
              setDrop(null);
            }}
          >
            <div
              ref={(el) => {
                if (el) rows.current.set(node.key, el);
                else rows.current.delete(node.key);
              }}
              role="treeitem"
              aria-level={depth + 1}
              aria-selected={node.key === selected}
              aria-expanded={node.children.length > 0 ? true : undefined}
              aria-description={rowDescription(node.linkTo, blanks.has(node.key)) || undefined}
              tabIndex={node.key === selected || (!selected && depth === 0) ? 0 : -1}
              className={classes.item}
              onClick={() => setSelected(node.key)}
              onFocus={() => setSelected(node.key)}
              onKeyDown={(e) => onKeyDown(e, node.key)}
            >
              <MenuIcon name={node.icon} group={node.children.length > 0} />
              <Text
                size="sm"
                span
                c={node.visible === false ? 'dimmed' : undefined}
                td={node.visible === false ? 'line-through' : undefined}
              >
                {shownName(node)}
              </Text>
            </div>
            {node.linkTo ? (
              <Text size="xs" c="dimmed" span>
                {node.linkTo}
              </Text>
            ) : null}
            {blanks.has(node.key) ? (
              <Text size="xs" c="red" span>
                {REQUIRED}
              </Text>
            ) : null}
          </div>
          {node.children.length > 0 ? <div>{renderNodes(node.children, depth + 1)}</div> : null}
        </div>
      );
    });

  const button = (
    label: string,
    Icon: typeof IconPlus,
    onClick: () => void,
    enabled: boolean,
    keys?: string,
  ) => (
    <Tooltip label={keys ? `${label} (${keys})` : label} key={label}>
      <ActionIcon variant="default" aria-label={label} onClick={onClick} disabled={readOnly || !enabled}>
        <Icon size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Input.Wrapper label={field.label} error={error} id={`field-${field.mapKey}`} className={classes.wrapper}>
      <Group align="flex-start" gap="md" wrap="wrap" mt={4}>
        <Paper withBorder p="xs" className={classes.treePane}>
          <Group gap={4} mb="xs" role="toolbar" aria-label="Menu items">
            {button('Add item', IconPlus, () => commit(...addSibling(nodes, selected)), true, 'Insert')}
            {button(
              'Add submenu',
              IconSubtask,
              () => selected && commit(...addChild(nodes, selected)),
              Boolean(current),
            )}
            {button(
              'Remove item',
              IconTrash,
              () => selected && removeItem(selected),
              Boolean(current && canRemove(nodes, current.key)),
              'Delete',
            )}
            {MOVES.map((m) =>
              button(
                m.label,
                m.Icon,
                () => selected && move(selected, m.move),
                Boolean(selected && canMove(nodes, selected, m.move)),
                m.keys,
              ),
            )}
          </Group>
          <div role="tree" aria-label={field.label} className={classes.tree}>
            {renderNodes(nodes, 0)}
          </div>
        </Paper>
        {current ? (
          <Paper withBorder p="sm" className={classes.detailPane} aria-label="Selected item">
            <Stack gap="xs">
              <TextInput
                label="Item name"
                required
                value={current.name}
                error={current.name.trim() === '' ? REQUIRED : undefined}
                disabled={readOnly}
                maxLength={100}
                onChange={(e) => edit({ name: e.currentTarget.value })}
              />
              <Select
                label="Icon"
                placeholder="No icon"
                data={MENU_ICON_NAMES.map((name) => ({ value: name, label: name }))}
                value={current.icon ?? null}
                searchable
                clearable
                disabled={readOnly}
                leftSection={current.icon ? <MenuIcon name={current.icon} group={false} /> : undefined}
                renderOption={({ option }) => (
                  <Group gap="xs">
                    <MenuIcon name={option.value} group={false} />
                    <span>{option.label}</span>
                  </Group>
                )}
                onChange={(icon) => edit({ icon: icon ?? undefined })}
              />
              <Autocomplete
                label="Link"
                placeholder="/page/list"
                data={links}
                value={current.linkTo ?? ''}
                disabled={readOnly}
                limit={50}
                onChange={(linkTo) => edit({ linkTo })}
              />
              <Select
                label="Right"
                placeholder="No right"
                data={rights.data ?? (current.right ? [current.right] : [])}
                value={current.right ?? null}
                searchable
                clearable
                limit={100}
                disabled={readOnly}
                onChange={(right) => edit({ right: right ?? undefined })}
              />
              <Switch
                label="Visible"
                checked={current.visible !== false}
                disabled={readOnly}
                onChange={(e) => edit({ visible: e.currentTarget.checked })}
              />
            </Stack>
          </Paper>
        ) : null}
      </Group>
    </Input.Wrapper>
  );
}

export const menutreeField = defineField({
  type: 'menutree',
  Component: MenuTreeInput,
  textual: false,
  wide: true,
  fromRecord: (raw) => toMenu(fromMenu(raw)),
  toPayload: (value) => value,
  invalidatesOnSave: [MENU_KEY],
});
