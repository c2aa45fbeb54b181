/**
 * The menu tree as the editor holds it, and every edit as a pure function of it. Each node has a
 * key of its own (stable across moves, for React and the selection); the stored id travels along
 * and is dropped when the item is edited, so the save gives it a fresh one and the favourites that
 * named the old item are cleared (src/menu/check-menu.ts on the server).
 */
import type { MenuItem } from '@bm/contracts';

export interface EditorNode {
  key: string;
  id?: number | undefined;
  name: string;
  icon?: string | undefined;
  linkTo?: string | undefined;
  right?: string | undefined;
  visible?: boolean | undefined;
  children: EditorNode[];
}

export type ItemFields = Pick<EditorNode, 'name' | 'icon' | 'linkTo' | 'right' | 'visible'>;

const DEFAULT_ITEM_NAME = 'Menu Name';
const DEFAULT_SUBMENU_NAME = 'Sub Menu';

let counter = 0;
const nextKey = (): string => `n${++counter}`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const optText = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A stored tree (an array, or its JSON text) as editor nodes; entries that are not items are kept as blank items. */
export function fromMenu(value: unknown): EditorNode[] {
  let list: unknown = value;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      list = [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.map((raw): EditorNode => {
    const item = isObject(raw) ? raw : {};
    return {
      key: nextKey(),
      id: typeof item.id === 'number' ? item.id : undefined,
      name: typeof item.name === 'string' ? item.name : '',
      icon: optText(item.icon),
      linkTo: optText(item.linkTo),
      right: optText(item.right),
      visible: typeof item.visible === 'boolean' ? item.visible : undefined,
      children: fromMenu(item.submenu),
    };
  });
}

/** Editor nodes as the tree is saved: blank fields and empty submenus left out, edited items without id. */
export function toMenu(nodes: readonly EditorNode[]): MenuItem[] {
  return nodes.map((node) => {
    const item: Partial<MenuItem> & { name: string } = { name: node.name };
    if (node.id !== undefined) item.id = node.id;
    const icon = node.icon?.trim();
    const linkTo = node.linkTo?.trim();
    const right = node.right?.trim();
    if (icon) item.icon = icon;
    if (linkTo) item.linkTo = linkTo;
    if (right) item.right = right;
    if (node.visible !== undefined) item.visible = node.visible;
    if (node.children.length > 0) item.submenu = toMenu(node.children);
    return item as MenuItem;
  });
}

interface Place {
  list: EditorNode[];
  index: number;
  parent: EditorNode | undefined;
  parentPlace: Place | undefined;
}

function locate(nodes: EditorNode[], key: string, parent?: Place): Place | undefined {
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index] as EditorNode;
    const here: Place = {
      list: nodes,
      index,
      parent: parent ? parent.list[parent.index] : undefined,
      parentPlace: parent,
    };
    if (node.key === key) return here;
    const found = locate(node.children, key, here);
    if (found) return found;
  }
  return undefined;
}

/** Every edit works on a deep copy; an edit that does not apply answers the same tree. */
const copy = (nodes: readonly EditorNode[]): EditorNode[] => structuredClone(nodes) as EditorNode[];

const newItem = (name = DEFAULT_ITEM_NAME): EditorNode => ({
  key: nextKey(),
  name,
  visible: true,
  children: [],
});

export function findNode(nodes: readonly EditorNode[], key: string): EditorNode | undefined {
  const place = locate(nodes as EditorNode[], key);
  return place ? place.list[place.index] : undefined;
}

/** A new item right after `key` (at the end when nothing is selected); answers the tree and its key. */
export function addSibling(nodes: readonly EditorNode[], key: string | undefined): [EditorNode[], string] {
  const tree = copy(nodes);
  const item = newItem();
  const place = key ? locate(tree, key) : undefined;
  if (place) place.list.splice(place.index + 1, 0, item);
  else tree.push(item);
  return [tree, item.key];
}

/** A new 'Sub Menu' as the last child of `key`. */
export function addChild(nodes: readonly EditorNode[], key: string): [EditorNode[], string] {
  const tree = copy(nodes);
  const place = locate(tree, key);
  const item = newItem(DEFAULT_SUBMENU_NAME);
  if (!place) return [tree, key];
  (place.list[place.index] as EditorNode).children.push(item);
  return [tree, item.key];
}

/** Whether `key` may be removed: anything but the last top-level item. */
export const canRemove = (nodes: readonly EditorNode[], key: string): boolean =>
  !(nodes.length === 1 && nodes[0]?.key === key);

export function remove(nodes: readonly EditorNode[], key: string): EditorNode[] {
  if (!canRemove(nodes, key)) return nodes as EditorNode[];
  const tree = copy(nodes);
  const place = locate(tree, key);
  place?.list.splice(place.index, 1);
  return tree;
}

/** Changes an item's fields; the item loses its id (it is a new entry to favourites). */
export function update(nodes: readonly EditorNode[], key: string, patch: Partial<ItemFields>): EditorNode[] {
  const tree = copy(nodes);
  const place = locate(tree, key);
  if (!place) return tree;
  const node = place.list[place.index] as EditorNode;
  Object.assign(node, patch);
  node.id = undefined;
  return tree;
}

export type Move = 'up' | 'down' | 'in' | 'out';

/** Whether a move applies: up/down within its list, in under the previous sibling, out of its parent. */
export function canMove(nodes: readonly EditorNode[], key: string, move: Move): boolean {
  const place = locate(nodes as EditorNode[], key);
  if (!place) return false;
  if (move === 'up' || move === 'in') return place.index > 0;
  if (move === 'down') return place.index < place.list.length - 1;
  return place.parentPlace !== undefined;
}

export function moveItem(nodes: readonly EditorNode[], key: string, move: Move): EditorNode[] {
  if (!canMove(nodes, key, move)) return nodes as EditorNode[];
  const tree = copy(nodes);
  const place = locate(tree, key) as Place;
  const [node] = place.list.splice(place.index, 1) as [EditorNode];
  if (move === 'up') place.list.splice(place.index - 1, 0, node);
  else if (move === 'down') place.list.splice(place.index + 1, 0, node);
  else if (move === 'in') (place.list[place.index - 1] as EditorNode).children.push(node);
  else {
    const parent = place.parentPlace as Place;
    parent.list.splice(parent.index + 1, 0, node);
  }
  return tree;
}

export type DropPosition = 'before' | 'after' | 'inside';

const contains = (node: EditorNode, key: string): boolean =>
  node.key === key || node.children.some((c) => contains(c, key));

/** Drag and drop: `key` before, after or inside `target`; never into itself. */
export function dropItem(
  nodes: readonly EditorNode[],
  key: string,
  target: string,
  position: DropPosition,
): EditorNode[] {
  const dragged = findNode(nodes, key);
  if (!dragged || contains(dragged, target)) return nodes as EditorNode[];
  const tree = copy(nodes);
  const from = locate(tree, key) as Place;
  const [node] = from.list.splice(from.index, 1) as [EditorNode];
  const to = locate(tree, target) as Place;
  if (position === 'inside') (to.list[to.index] as EditorNode).children.push(node);
  else to.list.splice(position === 'before' ? to.index : to.index + 1, 0, node);
  return tree;
}

/** Keys of the items whose name is blank (shown as 'required field'). */
export function blankNames(nodes: readonly EditorNode[]): Set<string> {
  const keys = new Set<string>();
  const walk = (list: readonly EditorNode[]) => {
    for (const n of list) {
      if (n.name.trim() === '') keys.add(n.key);
      walk(n.children);
    }
  };
  walk(nodes);
  return keys;
}
