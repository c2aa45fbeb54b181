/**
 * The console's areas: every entity of both spec documents and every tool page, with the route of
 * its list page, the rights it defines and the menu group it sits in. Rights, roles and the demo menu
 * are all derived from this one list, so adding an area is one entry here.
 * Entity rights are named `BMTools/{Entity}/{Action}` (a few overridden); tool rights are bare names.
 */
import { type EntityAction, entityRightName } from '@bm/contracts';

export type MenuGroup =
  | 'Price-watch'
  | 'Merchant'
  | 'Content'
  | 'Reservations & payments'
  | 'Exception management'
  | 'Tools'
  | 'Administration';

export type Action = EntityAction;

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
  /** Whether `/` may lead here; such areas are tried in index order before all others. */
  home?: boolean;
}

interface ToolArea {
  kind: 'tool';
  /** The tool right, a bare name as the spec writes it. */
  right: string;
  label: string;
  group: MenuGroup;
  linkTo: string;
  /** Key into the runtime config's `toolUrls`. */
  toolKey: string;
  icon: string;
  home?: boolean;
}

export type Area = EntityArea | ToolArea;

const CRUDV: readonly Action[] = ['List', 'View', 'Create', 'Edit', 'Delete'];
const MAPPABLE: readonly Action[] = [...CRUDV, 'GetMap', 'Map'];

const entity = (e: Omit<EntityArea, 'kind' | 'icon'> & { icon?: string }): EntityArea => ({
  kind: 'entity',
  icon: 'table',
  ...e,
});
const tool = (t: Omit<ToolArea, 'kind' | 'icon'> & { icon?: string }): ToolArea => ({
  kind: 'tool',
  icon: 'tool',
  home: true,
  ...t,
});

export const AREAS: readonly Area[] = [
  // Tools first: the home redirect tries the `home` areas in this order (published as `homeOrder`).
  tool({
    right: 'ViewMongo',
    label: 'Database management',
    group: 'Tools',
    linkTo: '/mongoManagement',
    toolKey: 'mongo',
    icon: 'database',
  }),
  tool({
    right: 'ViewReplication',
    label: 'Replication management',
    group: 'Tools',
    linkTo: '/replicationManagement',
    toolKey: 'replication',
    icon: 'replace',
  }),
  tool({
    right: 'ViewSearch',
    label: 'Reservation search',
    group: 'Tools',
    linkTo: '/searchReservation',
    toolKey: 'search',
    icon: 'search',
  }),
  tool({
    right: 'ViewRoadmapTool',
    label: 'Roadmap',
    group: 'Tools',
    linkTo: '/roadmapManagement',
    toolKey: 'roadmap',
    icon: 'map',
  }),
  tool({
    right: 'ViewCampingMonkeyTool',
    label: 'Camping Monkey',
    group: 'Tools',
    linkTo: '/campingMonkeyManagement',
    toolKey: 'campingMonkey',
    icon: 'tent',
  }),
  tool({
    right: 'ViewCarCompareTool',
    label: 'Car compare',
    group: 'Tools',
    linkTo: '/carCompareManagement',
    toolKey: 'carCompare',
    icon: 'car',
  }),
  tool({
    right: 'ViewMarketingTool',
    label: 'Marketing',
    group: 'Tools',
    linkTo: '/marketingManagement',
    toolKey: 'marketing',
    icon: 'speakerphone',
  }),
  tool({
    right: 'ViewReconTool',
    label: 'Reconciliation',
    group: 'Tools',
    linkTo: '/reconcilitationManagement',
    toolKey: 'reconciliation',
    icon: 'scale',
  }),

  entity({
    entity: 'Page',
    home: true,
    label: 'Pages',
    group: 'Content',
    linkTo: '/page/list',
    api: '/api/pages',
    actions: [...CRUDV, 'BulkEdit'],
    icon: 'file',
  }),
  entity({
    entity: 'Preset',
    home: true,
    label: 'Presets',
    group: 'Administration',
    linkTo: '/preset/list',
    api: '/api/presets',
    actions: ['List', 'View', 'Edit', 'Delete'],
    icon: 'adjustments',
  }),
  entity({
    entity: 'PresetNew',
    label: 'Presets (new)',
    group: 'Administration',
    linkTo: '/presets-new/list',
    api: '/api/presetdynamics',
    actions: ['List', 'View', 'Edit', 'Delete'],
    icon: 'adjustments',
  }),
  entity({
    entity: 'Resource',
    home: true,
    label: 'Resources',
    group: 'Content',
    linkTo: '/resource/list',
    api: '/api/resources',
    actions: CRUDV,
    icon: 'box',
  }),
  entity({
    entity: 'TranslationResource',
    home: true,
    label: 'Translation resources',
    group: 'Content',
    linkTo: '/translationresource/list',
    api: '/api/translationresources',
    actions: CRUDV,
    icon: 'language',
  }),
  entity({
    entity: 'TranslationInterception',
    home: true,
    label: 'Translation interceptions',
    group: 'Content',
    linkTo: '/translationinterception/list',
    api: '/api/translationinterceptions',
    actions: CRUDV,
    icon: 'language',
  }),
  entity({
    entity: 'Reservation',
    home: true,
    label: 'Reservations',
    group: 'Reservations & payments',
    linkTo: '/reservation/list',
    api: '/api/reservations',
    actions: MAPPABLE,
    icon: 'calendar',
  }),

  entity({
    entity: 'PricewatchLocation',
    home: true,
    label: 'Locations',
    group: 'Price-watch',
    linkTo: '/pricewatchLocation/list',
    api: '/api/pricewatchlocations',
    actions: MAPPABLE,
    icon: 'map-pin',
  }),
  entity({
    entity: 'PricewatchOption',
    home: true,
    label: 'Options',
    group: 'Price-watch',
    linkTo: '/pricewatchOption/list',
    api: '/api/pricewatchOptions',
    actions: MAPPABLE,
    icon: 'list',
  }),
  entity({
    entity: 'PricewatchCar',
    home: true,
    label: 'Cars',
    group: 'Price-watch',
    linkTo: '/pricewatchcar/list',
    api: '/api/pricewatchCars',
    actions: MAPPABLE,
    icon: 'car',
  }),
  entity({
    entity: 'PricewatchCarClass',
    home: true,
    label: 'Car classes',
    group: 'Price-watch',
    linkTo: '/pricewatchcarClass/list',
    api: '/api/pricewatchCarClasses',
    actions: MAPPABLE,
    icon: 'category',
  }),
  entity({
    entity: 'PricewatchSupplier',
    home: true,
    label: 'Suppliers',
    group: 'Price-watch',
    linkTo: '/pricewatchsupplier/list',
    api: '/api/pricewatchSuppliers',
    actions: MAPPABLE,
    icon: 'building-store',
  }),
  entity({
    entity: 'PricewatchIncludedItem',
    home: true,
    label: 'Included items',
    group: 'Price-watch',
    linkTo: '/pricewatchIncludedItem/list',
    api: '/api/pricewatchIncludedItems',
    actions: MAPPABLE,
    icon: 'checklist',
  }),
  entity({
    entity: 'PricewatchOffice',
    home: true,
    label: 'Offices',
    group: 'Price-watch',
    linkTo: '/pricewatchOffice/list',
    api: '/api/pricewatchOffices',
    actions: MAPPABLE,
    icon: 'building',
  }),

  entity({
    entity: 'MerchantLocation',
    home: true,
    label: 'Locations',
    group: 'Merchant',
    linkTo: '/merchantlocation/list',
    api: '/api/merchantlocations',
    actions: MAPPABLE,
    icon: 'map-pin',
  }),
  entity({
    entity: 'MerchantOption',
    home: true,
    label: 'Options',
    group: 'Merchant',
    linkTo: '/merchantOption/list',
    api: '/api/merchantOptions',
    actions: MAPPABLE,
    icon: 'list',
  }),
  entity({
    entity: 'MerchantCar',
    home: true,
    label: 'Cars',
    group: 'Merchant',
    linkTo: '/merchantmapcar/list',
    api: '/api/merchantcars',
    actions: MAPPABLE,
    icon: 'car',
  }),
  entity({
    entity: 'MerchantCarClass',
    home: true,
    label: 'Car classes',
    group: 'Merchant',
    linkTo: '/merchantCarClass/list',
    api: '/api/merchantcarclasses',
    actions: MAPPABLE,
    rightOverrides: { View: 'BMTools/merchantcarclass/View' },
    icon: 'category',
  }),
  entity({
    entity: 'MerchantSupplier',
    home: true,
    label: 'Suppliers',
    group: 'Merchant',
    linkTo: '/merchantSupplier/list',
    api: '/api/merchantsuppliers',
    actions: MAPPABLE,
    icon: 'building-store',
  }),
  entity({
    entity: 'MerchantIncludedItem',
    home: true,
    label: 'Included items',
    group: 'Merchant',
    linkTo: '/merchantIncludedItem/list',
    api: '/api/merchantIncludedItems',
    actions: MAPPABLE,
    icon: 'checklist',
  }),
  entity({
    entity: 'MerchantOffice',
    home: true,
    label: 'Offices',
    group: 'Merchant',
    linkTo: '/merchantOffice/list',
    api: '/api/merchantOffices',
    actions: MAPPABLE,
    icon: 'building',
  }),

  entity({
    entity: 'Menu',
    home: true,
    label: 'Menus',
    group: 'Administration',
    linkTo: '/menu/list',
    api: '/api/menu',
    actions: ['List', 'Create', 'Edit', 'Delete'],
    icon: 'menu-2',
  }),

  entity({
    entity: 'Interception',
    label: 'Interceptions',
    group: 'Content',
    linkTo: '/interception/list',
    api: '/api/interceptions',
    actions: [...CRUDV, 'Publish'],
    icon: 'filter',
  }),
  entity({
    entity: 'InterceptionTrigger',
    label: 'Interception triggers',
    group: 'Content',
    linkTo: '/interceptiontrigger/list',
    api: '/api/interceptiontriggers',
    actions: [...CRUDV, 'Publish'],
    icon: 'bolt',
  }),
  entity({
    entity: 'ProductPlacement',
    label: 'Product placement rules',
    group: 'Content',
    linkTo: '/productplacement/list',
    api: '/api/productplacements',
    actions: CRUDV,
    icon: 'layout',
  }),
  entity({
    entity: 'LocationKeyword',
    label: 'Location keywords',
    group: 'Content',
    linkTo: '/locationkeyword/list',
    api: '/api/locationKeyword',
    actions: CRUDV,
    icon: 'tag',
  }),
  entity({
    entity: 'Review',
    label: 'Reviews',
    group: 'Content',
    linkTo: '/review/list',
    api: '/api/review',
    actions: ['List', 'View', 'Edit'],
    icon: 'message',
  }),

  entity({
    entity: 'CustomerReservation',
    label: 'Reservations (new)',
    group: 'Reservations & payments',
    linkTo: '/customerreservation/list',
    api: '/api/customerReservations',
    actions: [...MAPPABLE, 'SetIsActiveCustomer'],
    icon: 'calendar-plus',
  }),
  entity({
    entity: 'CustomerReservationLog',
    label: 'Reservation summary',
    group: 'Reservations & payments',
    linkTo: '/customerreservationlog/list',
    api: '/api/customerreservationlogs',
    actions: ['List', 'View'],
    icon: 'history',
  }),
  // Payment: the spec's table gives List, Edit, View; "query parameters prefill a new record" needs Create.
  entity({
    entity: 'Payment',
    label: 'Payments',
    group: 'Reservations & payments',
    linkTo: '/payment/list',
    api: '/api/payments',
    actions: ['List', 'View', 'Create', 'Edit'],
    icon: 'credit-card',
  }),
  entity({
    entity: 'ChargeBack',
    label: 'Chargebacks',
    group: 'Reservations & payments',
    linkTo: '/chargeback/list',
    api: '/api/chargeBacks',
    actions: CRUDV,
    icon: 'receipt-refund',
  }),
  entity({
    entity: 'PrepaidCredit',
    label: 'Prepaid credits',
    group: 'Reservations & payments',
    linkTo: '/prepaidcredit/list',
    api: '/api/prepaidcredits',
    actions: CRUDV,
    icon: 'wallet',
  }),
  entity({
    entity: 'CustomerServiceCase',
    label: 'Customer service cases',
    group: 'Reservations & payments',
    linkTo: '/customerservicecase/list',
    api: '/api/customerservicecases',
    actions: CRUDV,
    icon: 'headset',
  }),
  entity({
    entity: 'Insurance',
    label: 'Insurance',
    group: 'Reservations & payments',
    linkTo: '/insurance/list',
    api: '/api/insurance',
    actions: ['List', 'View', 'GetMap', 'Map'],
    icon: 'shield',
  }),

  entity({
    entity: 'EMApplication',
    label: 'Applications',
    group: 'Exception management',
    linkTo: '/application/list',
    api: '/api/applications',
    actions: CRUDV,
    icon: 'apps',
  }),
  entity({
    entity: 'EMContact',
    label: 'Contacts',
    group: 'Exception management',
    linkTo: '/contact/list',
    api: '/api/contacts',
    actions: CRUDV,
    icon: 'address-book',
  }),
  entity({
    entity: 'EMEscalationPolicy',
    label: 'Escalation policies',
    group: 'Exception management',
    linkTo: '/escalationpolicy/list',
    api: '/api/escalationpolicies',
    actions: CRUDV,
    icon: 'stairs-up',
  }),
  entity({
    entity: 'EMException',
    label: 'Exceptions',
    group: 'Exception management',
    linkTo: '/exception/list',
    api: '/api/exceptions',
    actions: CRUDV,
    icon: 'alert-triangle',
  }),
  entity({
    entity: 'EMExceptionThreshold',
    label: 'Exception thresholds',
    group: 'Exception management',
    linkTo: '/exceptionthreshold/list',
    api: '/api/exceptionthresholds',
    actions: CRUDV,
    icon: 'gauge',
  }),

  entity({
    entity: 'Export',
    label: 'Exports',
    group: 'Administration',
    linkTo: '/export/list',
    api: '/api/exports',
    actions: CRUDV,
    icon: 'file-spreadsheet',
  }),
  entity({
    entity: 'OpenApiDocument',
    label: 'Open API documents',
    group: 'Administration',
    linkTo: '/OpenApiDocument/list',
    api: '/api/OpenApiDocument',
    actions: ['List', 'Create', 'Edit', 'Delete'],
    icon: 'file-code',
  }),
  entity({
    entity: 'AccountApiKey',
    label: 'Account API keys',
    group: 'Administration',
    linkTo: '/accountapikey/list',
    api: '/api/accountapikey',
    actions: ['List', 'Create', 'Edit', 'Delete'],
    icon: 'key',
  }),
  entity({
    entity: 'ApiLogs',
    label: 'API logs',
    group: 'Administration',
    linkTo: '/apilogs/list',
    api: '/api/ApiLogs',
    actions: ['List', 'View'],
    icon: 'logs',
  }),
];

/** Location forms use their own rights. */
export const LOCATION_RIGHTS = ['ViewLocation', 'EditLocation', 'CreateLocation'] as const;

export const entityRight = (area: EntityArea, action: Action): string =>
  entityRightName(area.entity, action, area.rightOverrides);

/** Every right the console knows, in a stable order. */
export function allRights(): string[] {
  const rights: string[] = [];
  for (const area of AREAS) {
    if (area.kind === 'tool') rights.push(area.right);
    else for (const action of area.actions) rights.push(entityRight(area, action));
  }
  rights.push(...LOCATION_RIGHTS, 'BMTools/Export/List');
  return [...new Set(rights)];
}

/** The right that guards an area's menu entry: its list page, or the tool right. */
export const menuRight = (area: Area): string =>
  area.kind === 'tool' ? area.right : entityRight(area, 'List');
