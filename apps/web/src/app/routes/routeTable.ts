/**
 * The app's own route table: every screen pattern and the right that guards it
 * (`/{segment}/list`, `/{segment}/edit/:id`, …, guarded by `BMTools/{Entity}/{Action}` rights). The menu tells the app where users may go; this table tells it
 * which screen a path is and which right it needs.
 */

export type ScreenKind = 'list' | 'create' | 'edit' | 'view' | 'bulkedit' | 'getmap' | 'map' | 'tool';

export interface AppRoute {
  pattern: string;
  kind: ScreenKind;
  right: string;
  /** The parent list page, where save or cancel returns to. */
  listPath?: string;
  /** Key into the runtime config's `toolUrls`. */
  toolKey?: string;
}

interface EntityEntry {
  /** First path segment of the entity's screens. */
  segment: string;
  /** Entity part of its right names, spelled as the rights table does. */
  entity: string;
  maps?: boolean;
  /** Rights the spec spells differently from `BMTools/{entity}/{action}`. */
  overrides?: Partial<Record<ScreenKind, string>>;
}

const ENTITIES: readonly EntityEntry[] = [
  { segment: 'page', entity: 'Page' },
  { segment: 'preset', entity: 'Preset' },
  { segment: 'presets-new', entity: 'PresetNew' },
  { segment: 'resource', entity: 'Resource' },
  { segment: 'translationresource', entity: 'TranslationResource' },
  { segment: 'translationinterception', entity: 'TranslationInterception' },
  { segment: 'reservation', entity: 'Reservation', maps: true },
  { segment: 'pricewatchLocation', entity: 'PricewatchLocation', maps: true },
  { segment: 'pricewatchOption', entity: 'PricewatchOption', maps: true },
  { segment: 'pricewatchcar', entity: 'PricewatchCar', maps: true },
  { segment: 'pricewatchcarClass', entity: 'PricewatchCarClass', maps: true },
  { segment: 'pricewatchsupplier', entity: 'PricewatchSupplier', maps: true },
  { segment: 'pricewatchIncludedItem', entity: 'PricewatchIncludedItem', maps: true },
  { segment: 'pricewatchOffice', entity: 'PricewatchOffice', maps: true },
  { segment: 'merchantlocation', entity: 'MerchantLocation', maps: true },
  { segment: 'merchantOption', entity: 'MerchantOption', maps: true },
  { segment: 'merchantmapcar', entity: 'MerchantCar', maps: true },
  {
    segment: 'merchantCarClass',
    entity: 'MerchantCarClass',
    maps: true,
    // The one right the spec spells with a lowercase entity.
    overrides: { view: 'BMTools/merchantcarclass/View' },
  },
  { segment: 'merchantSupplier', entity: 'MerchantSupplier', maps: true },
  { segment: 'merchantIncludedItem', entity: 'MerchantIncludedItem', maps: true },
  { segment: 'merchantOffice', entity: 'MerchantOffice', maps: true },
  { segment: 'menu', entity: 'Menu' },
  { segment: 'interception', entity: 'Interception' },
  { segment: 'interceptiontrigger', entity: 'InterceptionTrigger' },
  { segment: 'productplacement', entity: 'ProductPlacement' },
  { segment: 'locationkeyword', entity: 'LocationKeyword' },
  { segment: 'review', entity: 'Review' },
  { segment: 'customerreservation', entity: 'CustomerReservation', maps: true },
  { segment: 'customerreservationlog', entity: 'CustomerReservationLog' },
  { segment: 'payment', entity: 'Payment' },
  { segment: 'chargeback', entity: 'ChargeBack' },
  { segment: 'prepaidcredit', entity: 'PrepaidCredit' },
  { segment: 'customerservicecase', entity: 'CustomerServiceCase' },
  { segment: 'insurance', entity: 'Insurance', maps: true },
  { segment: 'application', entity: 'EMApplication' },
  { segment: 'contact', entity: 'EMContact' },
  { segment: 'escalationpolicy', entity: 'EMEscalationPolicy' },
  { segment: 'exception', entity: 'EMException' },
  { segment: 'exceptionthreshold', entity: 'EMExceptionThreshold' },
  { segment: 'export', entity: 'Export' },
  { segment: 'OpenApiDocument', entity: 'OpenApiDocument' },
  { segment: 'accountapikey', entity: 'AccountApiKey' },
  { segment: 'apilogs', entity: 'ApiLogs' },
];

/** Tool pages and their tool rights. */
const TOOLS: readonly { path: string; right: string; toolKey: string }[] = [
  { path: '/mongoManagement', right: 'ViewMongo', toolKey: 'mongo' },
  { path: '/replicationManagement', right: 'ViewReplication', toolKey: 'replication' },
  { path: '/searchReservation', right: 'ViewSearch', toolKey: 'search' },
  { path: '/roadmapManagement', right: 'ViewRoadmapTool', toolKey: 'roadmap' },
  { path: '/campingMonkeyManagement', right: 'ViewCampingMonkeyTool', toolKey: 'campingMonkey' },
  { path: '/carCompareManagement', right: 'ViewCarCompareTool', toolKey: 'carCompare' },
  { path: '/marketingManagement', right: 'ViewMarketingTool', toolKey: 'marketing' },
  { path: '/reconcilitationManagement', right: 'ViewReconTool', toolKey: 'reconciliation' },
];

const ENTITY_SCREENS: readonly { kind: ScreenKind; action: string; path: (s: string) => string }[] = [
  { kind: 'list', action: 'List', path: (s) => `/${s}/list` },
  { kind: 'create', action: 'Create', path: (s) => `/${s}/create` },
  { kind: 'edit', action: 'Edit', path: (s) => `/${s}/edit/:id` },
  { kind: 'view', action: 'View', path: (s) => `/${s}/view/:id` },
  { kind: 'bulkedit', action: 'BulkEdit', path: (s) => `/${s}/bulkedit` },
  { kind: 'getmap', action: 'GetMap', path: (s) => `/${s}/:id/getmap` },
  { kind: 'map', action: 'Map', path: (s) => `/${s}/:id/map` },
];

const MAP_KINDS: readonly ScreenKind[] = ['getmap', 'map'];

function entityRoutes(entry: EntityEntry): AppRoute[] {
  return ENTITY_SCREENS.filter(({ kind }) => entry.maps || !MAP_KINDS.includes(kind)).map(
    ({ kind, action, path }) => ({
      pattern: path(entry.segment),
      kind,
      right: entry.overrides?.[kind] ?? `BMTools/${entry.entity}/${action}`,
      listPath: `/${entry.segment}/list`,
    }),
  );
}

export const ROUTE_TABLE: readonly AppRoute[] = [
  ...TOOLS.map((t): AppRoute => ({ pattern: t.path, kind: 'tool', right: t.right, toolKey: t.toolKey })),
  ...ENTITIES.flatMap(entityRoutes),
];
