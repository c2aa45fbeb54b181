/**
 * The console's areas: every entity of both spec documents and every tool page, with the route of
 * its list page, the rights it defines and the menu group it sits in. Rights, roles and the demo menu
 * are all derived from this one list, so adding an area is one entry here (spec core §1, §6;
 * entities §2 entity table, §6 rights table; contract "Rights and names the spec leaves loose").
 */
export type MenuGroup =
  | 'Price-watch'
  | 'Merchant'
  | 'Content'
  | 'Reservations & payments'
  | 'Exception management'
  | 'Tools'
  | 'Administration';
export declare const ACTIONS: readonly [
  'List',
  'View',
  'Create',
  'Edit',
  'Delete',
  'BulkEdit',
  'Publish',
  'GetMap',
  'Map',
  'SetIsActiveCustomer',
];
export type Action = (typeof ACTIONS)[number];
export interface EntityArea {
  kind: 'entity';
  /** Entity segment of the right name, spelled as the spec's rights table does. */
  entity: string;
  label: string;
  group: MenuGroup;
  /** Link of the menu entry (the list page). */
  linkTo: string;
  api: string;
  actions: readonly Action[];
  /** Rights whose spelling the spec fixes differently from `BMTools/{entity}/{action}`. */
  rightOverrides?: Partial<Record<Action, string>>;
  icon: string;
}
export interface ToolArea {
  kind: 'tool';
  /** The tool right, a bare name as the spec writes it (core §6). */
  right: string;
  label: string;
  group: MenuGroup;
  linkTo: string;
  icon: string;
}
export type Area = EntityArea | ToolArea;
export declare const AREAS: readonly Area[];
/** Location forms use their own rights (core §6, entities §6). */
export declare const LOCATION_RIGHTS: readonly ['ViewLocation', 'EditLocation', 'CreateLocation'];
export declare const entityRight: (area: EntityArea, action: Action) => string;
/** Every right the console knows, in a stable order. */
export declare function allRights(): string[];
/** The right that guards an area's menu entry: its list page, or the tool right. */
export declare const menuRight: (area: Area) => string;
