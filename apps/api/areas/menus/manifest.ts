/**
 * Menus: the stored menus, the main menu (id 1) being the one the shell shows. The list counts each
 * menu's items; a menu's edit form holds its name and its tree, edited in place by the generic
 * `menutree` field (add, nest, rename, reorder; icon, link, right and visibility picked from what
 * the console knows). The API checks the tree against the menu schema, the published routes and
 * the existing rights before the save procedure stores it (src/menu/check-menu.ts,
 * docs/adr/0018-menu-editor.md). The main menu cannot be deleted.
 */
import { defineArea } from '../manifest.ts';

const required = { name: 'required', message: 'required field' };
const shown = (type: 'number' | 'datetime' | 'text') => ({ type, cssClass: 'readonly', notOnCreate: true });

export const menus = defineArea({
  entity: 'Menu',
  label: 'Menus',
  singular: 'Menu',
  titleField: 'name',
  group: 'Administration',
  icon: 'menu-2',
  segment: 'menu',
  api: '/api/menu',
  actions: ['List', 'Create', 'Edit', 'Delete'],
  home: true,
  table: 'menus',
  sql: 'own',
  procedures: { save: 'bm_menu_save', delete: 'bm_menu_delete' },
  list: {
    sort: { key: 'id', direction: 'ASC' },
    createRedirect: true,
    rowActions: { delete: { visibleWhen: 'id != 1' } },
  },
  form: { presets: ['Create', 'Edit'] },
  fields: [
    { key: 'id', label: 'Id', type: 'number', readOnly: true, form: shown('number') },
    {
      key: 'name',
      searchable: true,
      label: 'Name',
      type: 'text',
      form: {
        type: 'text',
        defaultValue: 'Menu',
        validations: [required, { name: 'maxlength', value: 100, message: 'At most 100 characters' }],
      },
    },
    { key: 'itemCount', label: 'Items', type: 'number', readOnly: true },
    {
      key: 'content',
      label: 'Items',
      type: 'text',
      list: false,
      form: { type: 'menutree', defaultValue: [{ id: 1, name: 'Menu Name' }], validations: [required] },
    },
    { key: 'updatedAt', label: 'Updated', type: 'datetime', readOnly: true, form: shown('datetime') },
    { key: 'updatedBy', label: 'Updated by', type: 'text', readOnly: true, list: { visible: false } },
  ],
  sample: {
    name: 'Sample menu',
    // The tree as the editor sends it: a list of items (read from SQL so it travels as JSON).
    content: {
      sql: `SELECT '[{"id": 1, "name": "Content", "icon": "file-text", "submenu": [{"id": 2, "name": "Pages", "linkTo": "/page/list", "right": "BMTools/Page/List"}]}]'::jsonb`,
    },
  },
});
