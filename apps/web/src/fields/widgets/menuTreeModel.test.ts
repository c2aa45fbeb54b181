import { describe, expect, it } from 'vitest';
import {
  addChild,
  addSibling,
  canMove,
  canRemove,
  dropItem,
  type EditorNode,
  findNode,
  fromMenu,
  moveItem,
  remove,
  toMenu,
  update,
} from './menuTreeModel.ts';

const outline = (nodes: readonly EditorNode[]): string =>
  nodes.map((n) => (n.children.length ? `${n.name}(${outline(n.children)})` : n.name)).join(', ');
const keyOf = (nodes: readonly EditorNode[], name: string): string => {
  const walk = (list: readonly EditorNode[]): EditorNode | undefined =>
    list.reduce<EditorNode | undefined>(
      (found, n) => found ?? (n.name === name ? n : walk(n.children)),
      undefined,
    );
  const node = walk(nodes);
  if (!node) throw new Error(name);
  return node.key;
};

const sample = () =>
  fromMenu([
    {
      id: 1,
      name: 'A',
      submenu: [
        { id: 2, name: 'A1', linkTo: '/page/list' },
        { id: 3, name: 'A2' },
      ],
    },
    { id: 4, name: 'B', icon: '', right: ' ' },
  ]);

describe('the menu tree model', () => {
  it('reads a stored tree and saves it without blank fields', () => {
    const nodes = sample();
    expect(outline(nodes)).toBe('A(A1, A2), B');
    expect(toMenu(nodes)).toEqual([
      {
        id: 1,
        name: 'A',
        submenu: [
          { id: 2, name: 'A1', linkTo: '/page/list' },
          { id: 3, name: 'A2' },
        ],
      },
      { id: 4, name: 'B' },
    ]);
    expect(fromMenu('not json')).toEqual([]);
  });

  it('adds siblings and submenus with the default names', () => {
    let nodes = sample();
    [nodes] = addSibling(nodes, keyOf(nodes, 'A1'));
    [nodes] = addChild(nodes, keyOf(nodes, 'B'));
    expect(outline(nodes)).toBe('A(A1, Menu Name, A2), B(Sub Menu)');
  });

  it('never removes the last top-level item', () => {
    let nodes = fromMenu([{ id: 1, name: 'Only', submenu: [{ id: 2, name: 'Child' }] }]);
    expect(canRemove(nodes, keyOf(nodes, 'Only'))).toBe(false);
    expect(remove(nodes, keyOf(nodes, 'Only'))).toBe(nodes);
    nodes = remove(nodes, keyOf(nodes, 'Child'));
    expect(outline(nodes)).toBe('Only');
  });

  it('drops the id of an edited item', () => {
    const edited = sample();
    const next = update(edited, keyOf(edited, 'A1'), { name: 'Renamed' });
    expect(findNode(next, keyOf(edited, 'A1'))).toMatchObject({ id: undefined, name: 'Renamed' });
    expect(toMenu(next)[0]?.submenu?.[0]).toEqual({ name: 'Renamed', linkTo: '/page/list' });
  });

  it('moves up, down, in and out', () => {
    let nodes = sample();
    const a2 = keyOf(nodes, 'A2');
    expect(canMove(nodes, a2, 'down')).toBe(false);
    nodes = moveItem(nodes, a2, 'up');
    expect(outline(nodes)).toBe('A(A2, A1), B');
    nodes = moveItem(nodes, keyOf(nodes, 'A1'), 'in');
    expect(outline(nodes)).toBe('A(A2(A1)), B');
    nodes = moveItem(nodes, keyOf(nodes, 'A1'), 'out');
    expect(outline(nodes)).toBe('A(A2, A1), B');
    nodes = moveItem(nodes, keyOf(nodes, 'A1'), 'out');
    expect(outline(nodes)).toBe('A(A2), A1, B');
    expect(canMove(nodes, keyOf(nodes, 'A'), 'out')).toBe(false);
  });

  it('drops before, after and inside, never into itself', () => {
    let nodes = sample();
    nodes = dropItem(nodes, keyOf(nodes, 'B'), keyOf(nodes, 'A1'), 'inside');
    expect(outline(nodes)).toBe('A(A1(B), A2)');
    nodes = dropItem(nodes, keyOf(nodes, 'A'), keyOf(nodes, 'B'), 'before');
    expect(outline(nodes)).toBe('A(A1(B), A2)');
    nodes = dropItem(nodes, keyOf(nodes, 'A2'), keyOf(nodes, 'A'), 'after');
    expect(outline(nodes)).toBe('A(A1(B)), A2');
  });
});
