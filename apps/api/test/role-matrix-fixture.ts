/**
 * The rights table and the four demo roles, written by hand from the entity specification (entity
 * table: each area's API path; roles and permissions: each entity's rights) and the contract (what
 * admin, editor, mapper and viewer may do). Nothing here is read from the server's catalogue, area
 * manifests, rights table or route config: the role matrix checks the server against this.
 */

/** The actions a right can name: `BMTools/{Entity}/{Action}`. */
type Action =
  | 'List'
  | 'View'
  | 'Create'
  | 'Edit'
  | 'Delete'
  | 'BulkEdit'
  | 'Publish'
  | 'GetMap'
  | 'Map'
  | 'SetIsActiveCustomer';

type Group = 'price-watch' | 'merchant' | 'content' | 'other';

export interface Area {
  /** The entity as right names spell it. */
  entity: string;
  /** The area's API path. */
  api: string;
  /** Its map list's path, for map-capable areas. */
  map?: string;
  /** Exactly the entity's rights. `Map` brings `GetMap`: the map list opens with it. */
  rights: readonly Action[];
  /** Right names that do not follow `BMTools/{Entity}/{Action}`. */
  names?: Partial<Record<Action, string>>;
  /**
   * The right a route of an action needs when it is not the action's own (a payment is created on
   * its edit screen, with the Edit right).
   */
  via?: Partial<Record<Action, Action>>;
  group: Group;
}

const CRUDV: readonly Action[] = ['List', 'View', 'Create', 'Edit', 'Delete'];
/** Map-capable areas: "right Map, also called GetMap". */
const MAPPED: readonly Action[] = [...CRUDV, 'GetMap', 'Map'];
/**
 * Merchant included items and offices: the entity table gives them "list and map list {id} only".
 * The rights table lists Create, Edit and Delete for them too, but those would guard no screen and
 * no route, so they are not issued: the entity table wins.
 */
const LIST_AND_MAP: readonly Action[] = ['List', 'View', 'GetMap', 'Map'];

/**
 * Every area. Where the rights table does not list an entity (the price-watch and merchant
 * locations, options, cars, car classes and suppliers, reservations, interceptions, triggers,
 * product placements, resources and translations), it gets the standard rights the core names
 * (List, Create, Edit, View, Delete), plus Map where the entity is map-capable and Publish for
 * interceptions and triggers.
 */
export const AREAS: readonly Area[] = [
  // Price-watch: locations use ViewLocation, EditLocation and CreateLocation.
  {
    entity: 'PricewatchLocation',
    api: '/api/pricewatchlocations',
    map: '/api/maplocations',
    rights: MAPPED,
    names: { View: 'ViewLocation', Edit: 'EditLocation', Create: 'CreateLocation' },
    group: 'price-watch',
  },
  {
    entity: 'PricewatchOption',
    api: '/api/pricewatchOptions',
    map: '/api/mapOptions',
    rights: MAPPED,
    group: 'price-watch',
  },
  {
    entity: 'PricewatchCar',
    api: '/api/pricewatchCars',
    map: '/api/mapCars',
    rights: MAPPED,
    group: 'price-watch',
  },
  {
    entity: 'PricewatchCarClass',
    api: '/api/pricewatchCarClasses',
    map: '/api/mapCarClasses',
    rights: MAPPED,
    group: 'price-watch',
  },
  {
    entity: 'PricewatchSupplier',
    api: '/api/pricewatchSuppliers',
    map: '/api/mapSuppliers',
    rights: MAPPED,
    group: 'price-watch',
  },
  {
    entity: 'PricewatchIncludedItem',
    api: '/api/pricewatchIncludedItems',
    map: '/api/mapIncludedItems',
    rights: MAPPED,
    group: 'price-watch',
  },
  {
    entity: 'PricewatchOffice',
    api: '/api/pricewatchOffices',
    map: '/api/mapOffices',
    rights: MAPPED,
    group: 'price-watch',
  },
  // Merchant records: the spec names their map lists but not the lists' paths.
  {
    entity: 'MerchantLocation',
    api: '/api/merchantlocations',
    map: '/api/mapMerchantLocations',
    rights: MAPPED,
    group: 'merchant',
  },
  {
    entity: 'MerchantOption',
    api: '/api/merchantOptions',
    map: '/api/mapMerchantOptions',
    rights: MAPPED,
    group: 'merchant',
  },
  {
    entity: 'MerchantCar',
    api: '/api/merchantcars',
    map: '/api/mapMerchantCars',
    rights: MAPPED,
    group: 'merchant',
  },
  {
    entity: 'MerchantCarClass',
    api: '/api/merchantcarclasses',
    map: '/api/mapMerchantCarClasses',
    rights: MAPPED,
    // The one right spelled with a lowercase entity.
    names: { View: 'BMTools/merchantcarclass/View' },
    group: 'merchant',
  },
  {
    entity: 'MerchantSupplier',
    api: '/api/merchantsuppliers',
    map: '/api/mapMerchantSuppliers',
    rights: MAPPED,
    group: 'merchant',
  },
  {
    entity: 'MerchantIncludedItem',
    api: '/api/merchantIncludedItems',
    map: '/api/mapMerchantIncludedItems',
    rights: LIST_AND_MAP,
    group: 'merchant',
  },
  {
    entity: 'MerchantOffice',
    api: '/api/merchantOffices',
    map: '/api/mapMerchantOffices',
    rights: LIST_AND_MAP,
    group: 'merchant',
  },
  // Content: the editor's areas.
  { entity: 'Interception', api: '/api/interceptions', rights: [...CRUDV, 'Publish'], group: 'content' },
  {
    entity: 'InterceptionTrigger',
    api: '/api/interceptiontriggers',
    rights: [...CRUDV, 'Publish'],
    group: 'content',
  },
  { entity: 'ProductPlacement', api: '/api/productplacements', rights: CRUDV, group: 'content' },
  { entity: 'Page', api: '/api/pages', rights: [...CRUDV, 'BulkEdit'], group: 'content' },
  { entity: 'Menu', api: '/api/menu', rights: ['List', 'Edit', 'Delete', 'Create'], group: 'content' },
  { entity: 'LocationKeyword', api: '/api/locationKeyword', rights: CRUDV, group: 'content' },
  { entity: 'Review', api: '/api/review', rights: ['List', 'Edit', 'View'], group: 'content' },
  // Reservations, customers and money.
  {
    entity: 'Reservation',
    api: '/api/reservations',
    map: '/api/mapReservations',
    rights: MAPPED,
    group: 'other',
  },
  {
    entity: 'CustomerReservation',
    api: '/api/customerReservations',
    map: '/api/mapCustomerReservations',
    rights: [...MAPPED, 'SetIsActiveCustomer'],
    group: 'other',
  },
  {
    entity: 'CustomerReservationLog',
    api: '/api/customerreservationlogs',
    rights: ['List', 'View'],
    group: 'other',
  },
  {
    entity: 'Payment',
    api: '/api/payments',
    rights: ['List', 'Edit', 'View'],
    // "Query parameters prefill a new record": a payment is created on its edit screen.
    via: { Create: 'Edit' },
    group: 'other',
  },
  { entity: 'ChargeBack', api: '/api/chargeBacks', rights: CRUDV, group: 'other' },
  { entity: 'PrepaidCredit', api: '/api/prepaidcredits', rights: CRUDV, group: 'other' },
  { entity: 'CustomerServiceCase', api: '/api/customerservicecases', rights: CRUDV, group: 'other' },
  {
    entity: 'Insurance',
    api: '/api/insurance',
    map: '/api/mapInsurance',
    rights: ['List', 'View', 'GetMap', 'Map'],
    group: 'other',
  },
  // API access and logs.
  {
    entity: 'OpenApiDocument',
    api: '/api/OpenApiDocument',
    rights: ['List', 'Edit', 'Delete', 'Create'],
    group: 'other',
  },
  {
    entity: 'AccountApiKey',
    api: '/api/accountapikey',
    rights: ['List', 'Edit', 'Delete', 'Create'],
    group: 'other',
  },
  { entity: 'ApiLogs', api: '/api/ApiLogs', rights: ['List', 'View'], group: 'other' },
  // The mapping engine's journal and the auto-mapping runs: read by the mappers, written by nobody.
  { entity: 'MapHistory', api: '/api/maphistory', rights: ['List', 'View'], group: 'merchant' },
  { entity: 'AutoMapRun', api: '/api/automapruns', rights: ['List', 'View'], group: 'merchant' },
  // Exception management: the EM prefix.
  { entity: 'EMApplication', api: '/api/applications', rights: CRUDV, group: 'other' },
  { entity: 'EMContact', api: '/api/contacts', rights: CRUDV, group: 'other' },
  { entity: 'EMEscalationPolicy', api: '/api/escalationpolicies', rights: CRUDV, group: 'other' },
  { entity: 'EMException', api: '/api/exceptions', rights: CRUDV, group: 'other' },
  { entity: 'EMExceptionThreshold', api: '/api/exceptionthresholds', rights: CRUDV, group: 'other' },
  // Exports ("Export needs BMTools/Export/List"), presets, resources and translations.
  { entity: 'Export', api: '/api/exports', rights: CRUDV, group: 'other' },
  { entity: 'Preset', api: '/api/presets', rights: ['List', 'Edit', 'Delete', 'View'], group: 'other' },
  {
    entity: 'PresetNew',
    api: '/api/presetdynamics',
    rights: ['List', 'Edit', 'Delete', 'View'],
    group: 'other',
  },
  { entity: 'Resource', api: '/api/resources', rights: CRUDV, group: 'other' },
  { entity: 'TranslationResource', api: '/api/translationresources', rights: CRUDV, group: 'other' },
  { entity: 'TranslationInterception', api: '/api/translationinterceptions', rights: CRUDV, group: 'other' },
];

/** The right one of an area's actions is named by. */
const rightOf = (area: Area, action: Action): string =>
  area.names?.[action] ?? `BMTools/${area.entity}/${action}`;

/** The tool pages' rights (ViewLocation is the price-watch location's View above). */
const TOOL_RIGHTS = [
  'ViewMongo',
  'ViewReplication',
  'ViewSearch',
  'ViewRoadmapTool',
  'ViewCampingMonkeyTool',
  'ViewCarCompareTool',
  'ViewMarketingTool',
  'ViewReconTool',
] as const;

/**
 * Cancelling a running query on the database tool page: the spec has no right for it; viewing the
 * page (ViewMongo) lets a viewer look, and cancelling someone's statement changes things, so it is
 * a right of its own that only the administrator (every right) holds.
 */
const CANCEL_QUERY = 'CancelQuery';

const EXPORT_LIST = 'BMTools/Export/List';

/** Editing the dashboards everyone sees: a right of its own, held by the administrator. */
const DASHBOARD_EDIT = 'BMTools/Dashboard/Edit';

/** Every right there is: the administrator holds them all. */
const ALL_RIGHTS: readonly string[] = [
  ...AREAS.flatMap((area) => area.rights.map((action) => rightOf(area, action))),
  ...TOOL_RIGHTS,
  CANCEL_QUERY,
  DASHBOARD_EDIT,
];

export type Role = 'admin' | 'editor' | 'mapper' | 'viewer';
export const ROLES: readonly Role[] = ['admin', 'editor', 'mapper', 'viewer'];

const rightsIn = (groups: readonly Group[], actions: readonly Action[], except: readonly string[] = []) =>
  AREAS.filter((area) => groups.includes(area.group) && !except.includes(area.entity)).flatMap((area) =>
    area.rights.filter((action) => actions.includes(action)).map((action) => rightOf(area, action)),
  );

/** The contract's four demo roles. */
export const ROLE_RIGHTS: Readonly<Record<Role, ReadonlySet<string>>> = {
  // Every right.
  admin: new Set(ALL_RIGHTS),
  // List, View, Create, Edit on the content areas; no Delete, Publish, Map, BulkEdit or Export.
  editor: new Set(rightsIn(['content'], ['List', 'View', 'Create', 'Edit'])),
  // List, View, GetMap and Map on the price-watch and merchant areas; ViewLocation (the price-watch
  // location's View right, already among them).
  mapper: new Set([
    ...rightsIn(['price-watch', 'merchant'], ['List', 'View', 'GetMap', 'Map']),
    'ViewLocation',
  ]),
  // Every List and View right and the View* tool rights; nothing of Export.
  viewer: new Set([
    ...rightsIn(['price-watch', 'merchant', 'content', 'other'], ['List', 'View'], ['Export']),
    ...TOOL_RIGHTS,
  ]),
};

/**
 * What a route needs: any signed-in user, or any one of some rights (none: nobody may); or nothing
 * helps: a record write the area does not offer answers 405 to every signed-in caller.
 */
export type Need = { signedIn: true } | { anyOf: readonly string[] } | { notOffered: true };
const SIGNED_IN: Need = { signedIn: true };
const NOT_OFFERED: Need = { notOffered: true };
const anyOf = (...rights: string[]): Need => ({ anyOf: rights });

/** May the role call a route needing this? */
export const mayCall = (role: Role, need: Need): boolean =>
  'signedIn' in need || ('anyOf' in need && need.anyOf.some((right) => ROLE_RIGHTS[role].has(right)));

/** Create or Edit of any area: forms that validate code or upload files are create and edit forms. */
const CREATE_OR_EDIT = AREAS.flatMap((area) =>
  area.rights.filter((a) => a === 'Create' || a === 'Edit').map((a) => rightOf(area, a)),
);

const area = (entity: string): Area => {
  const found = AREAS.find((a) => a.entity === entity);
  if (!found) throw new Error(`No area ${entity} in the fixture`);
  return found;
};

/** One call of a route: the path with its parameters filled in and what it needs. */
export interface Probe {
  path: string;
  need: Need;
}

/**
 * The platform routes, each with the right it needs or "any signed-in user". A route may be probed
 * more than once (each lookup of `/api/dropdowns/{name}` has rights of its own).
 */
const PLATFORM: Readonly<Record<string, readonly Probe[]>> = {
  // The caller's own rights, the screens, the page configs, the client log sink.
  'GET /api/userRights': [{ path: '/api/userRights', need: SIGNED_IN }],
  'GET /api/dashboards': [{ path: '/api/dashboards', need: SIGNED_IN }],
  // Editing dashboards: for those with the right (an unknown one answers 404 to them).
  'GET /api/dashboards/:id/definition': [
    { path: '/api/dashboards/no-such-dashboard/definition', need: anyOf(DASHBOARD_EDIT) },
  ],
  'PUT /api/dashboards/:id/definition': [
    { path: '/api/dashboards/no-such-dashboard/definition', need: anyOf(DASHBOARD_EDIT) },
  ],
  'POST /api/dashboards/:id/reset': [
    { path: '/api/dashboards/no-such-dashboard/reset', need: anyOf(DASHBOARD_EDIT) },
  ],
  'GET /api/app-routes': [{ path: '/api/app-routes', need: SIGNED_IN }],
  'GET /api/pageconfigs': [{ path: '/api/pageconfigs', need: SIGNED_IN }],
  'POST /api/logs': [{ path: '/api/logs', need: SIGNED_IN }],
  // The menu tree (cut to the caller's rights) and the caller's favourites.
  'GET /api/menu/json/:id': [{ path: '/api/menu/json/1', need: SIGNED_IN }],
  'GET /api/menu/favorites': [{ path: '/api/menu/favorites', need: SIGNED_IN }],
  'POST /api/menu/addfavorite': [{ path: '/api/menu/addfavorite', need: SIGNED_IN }],
  'DELETE /api/menu/removefavorite': [{ path: '/api/menu/removefavorite', need: SIGNED_IN }],
  // The menu editor's choice of rights for an item: for those who may edit menus.
  'GET /api/menu/rights': [{ path: '/api/menu/rights', need: anyOf(rightOf(area('Menu'), 'Edit')) }],
  // Presets per user and right, and preset groups: every signed-in user keeps their own.
  'GET /api/presets/user': [{ path: '/api/presets/user', need: SIGNED_IN }],
  'POST /api/presets/user': [{ path: '/api/presets/user', need: SIGNED_IN }],
  'DELETE /api/presets/user': [{ path: '/api/presets/user', need: SIGNED_IN }],
  'POST /api/presets/user/change': [{ path: '/api/presets/user/change', need: SIGNED_IN }],
  'GET /api/presets/user/:rightName': [
    { path: `/api/presets/user/${encodeURIComponent('BMTools/Page/List')}`, need: SIGNED_IN },
  ],
  'PUT /api/presets/user/:rightName': [
    { path: `/api/presets/user/${encodeURIComponent('BMTools/Page/List')}`, need: SIGNED_IN },
  ],
  'GET /api/presets/user/:id': [{ path: '/api/presets/user/2147483000', need: SIGNED_IN }],
  'PUT /api/presets/user/:id': [{ path: '/api/presets/user/2147483000', need: SIGNED_IN }],
  'GET /api/presets/group': [{ path: '/api/presets/group', need: SIGNED_IN }],
  // Notifications: the caller's own.
  'GET /api/notifications/get': [{ path: '/api/notifications/get?pageIndex=0', need: SIGNED_IN }],
  'GET /api/notifications/getLatestMessages': [
    { path: '/api/notifications/getLatestMessages?latestMessageId=0', need: SIGNED_IN },
  ],
  'PUT /api/notifications/makeAllAsRead': [{ path: '/api/notifications/makeAllAsRead', need: SIGNED_IN }],
  'PUT /api/notifications/:id/makeAsRead': [
    { path: '/api/notifications/2147483000/makeAsRead', need: SIGNED_IN },
  ],
  // Lookups: location types fill the location and office forms, office locations the office form;
  // an unknown lookup is no one's (404 for every caller).
  'GET /api/dropdowns/:name': [
    {
      path: '/api/dropdowns/locationtypes',
      need: anyOf(
        ...area('PricewatchLocation').rights.map((a) => rightOf(area('PricewatchLocation'), a)),
        ...(['List', 'View', 'Create', 'Edit'] as const).map((a) => rightOf(area('PricewatchOffice'), a)),
      ),
    },
    {
      path: '/api/dropdowns/office-locations?locationId=1',
      need: anyOf(...(['View', 'Create', 'Edit'] as const).map((a) => rightOf(area('PricewatchOffice'), a))),
    },
    { path: '/api/dropdowns/no-such-lookup', need: SIGNED_IN },
  ],
  // Code validation and uploads serve create and edit forms (code fields, the page image).
  'POST /api/validation/:codeType': [{ path: '/api/validation/jsoncode', need: anyOf(...CREATE_OR_EDIT) }],
  'POST /api/files/upload': [{ path: '/api/files/upload', need: anyOf(...CREATE_OR_EDIT) }],
  // An uploaded file is read back by anyone signed in (a missing one: 404 for every caller).
  'GET /api/files/*': [{ path: '/api/files/pages/images/none-000000000000.png', need: SIGNED_IN }],
  // Tool pages.
  'GET /api/tools/database': [{ path: '/api/tools/database', need: anyOf('ViewMongo') }],
  'POST /api/tools/database/cancel': [{ path: '/api/tools/database/cancel', need: anyOf(CANCEL_QUERY) }],
  'GET /api/tools/replication': [{ path: '/api/tools/replication', need: anyOf('ViewReplication') }],
  'GET /api/tools/reservations/search': [
    { path: '/api/tools/reservations/search?reservationNumber=1', need: anyOf('ViewSearch') },
  ],
  // Exports: "Export needs BMTools/Export/List".
  'POST /api/exports/send': [{ path: '/api/exports/send', need: anyOf(EXPORT_LIST) }],
  'GET /api/exports/download': [{ path: '/api/exports/download?id=2147483000', need: anyOf(EXPORT_LIST) }],
  'POST /api/exports/:id/cancel': [{ path: '/api/exports/2147483000/cancel', need: anyOf(EXPORT_LIST) }],
};

/** An id no record has: a permitted write or delete answers 404 and changes nothing. */
const MISSING_ID = '2147483000';

/**
 * The area routes: the generic calls on an area's path and its map list, and the action whose
 * right each needs. A record write (create, edit, bulk edit, delete) of an action the area lacks
 * is not offered: 405 for everyone. Any other route of an action it lacks needs a right nobody holds.
 */
function areaNeed(
  method: string,
  url: string,
): { area: Area; action: Action; path: 'api' | 'map' | 'queue' } | undefined {
  for (const a of AREAS) {
    const tail = url.startsWith(`${a.api}/`) || url === a.api ? url.slice(a.api.length) : undefined;
    if (tail !== undefined) {
      const action = (
        {
          'GET ': 'List',
          'GET /page-summarize': 'List',
          'GET /aggregate': 'List',
          'GET /:id': 'View',
          // The record journal: a record's history is read as the record is; a revert is an edit;
          // the deleted records and their restore need the Create right.
          'GET /:id/history': 'View',
          'POST /:id/history/:entryId/revert': 'Edit',
          'GET /history/deleted': 'Create',
          'POST /history/:entryId/restore': 'Create',
          'POST ': 'Create',
          'PUT /:id': 'Edit',
          'DELETE /:id': 'Delete',
          // Bulk edit: PUT on the area's path (filters in the query), or its bulk path.
          'PUT ': 'BulkEdit',
          'PUT /bulk-update': 'BulkEdit',
          'POST /publish': 'Publish',
          'PUT /setIsActiveCustomer': 'SetIsActiveCustomer',
        } as Record<string, Action>
      )[`${method} ${tail}`];
      if (action) return { area: a, action, path: 'api' };
    }
    const mapTail =
      a.map && (url === a.map || url.startsWith(`${a.map}/`)) ? url.slice(a.map.length) : undefined;
    if (mapTail !== undefined) {
      if (method === 'GET' && (mapTail === '' || mapTail === '/page-summarize')) {
        return { area: a, action: 'GetMap', path: 'map' };
      }
      if (
        method === 'POST' &&
        ['/map', '/unmap', '/ignore', '/disable', '/restore', '/undo'].includes(mapTail)
      ) {
        return { area: a, action: 'Map', path: 'map' };
      }
      // The mapping queue and auto-map of a merchant area: the Map right.
      const queue = {
        GET: ['/queue', '/queue/kinds', '/auto/:id'],
        POST: ['/auto/preview', '/auto/:id/start', '/auto/:id/undo'],
      } as Record<string, string[]>;
      if (queue[method]?.includes(mapTail)) return { area: a, action: 'Map', path: 'queue' };
    }
  }
  return undefined;
}

/**
 * The probes of one registered route, or undefined when the fixture does not know it. `existing`
 * gives an area's first demo record, so reading one finds it.
 */
export function probesOf(
  method: string,
  url: string,
  existing: (api: string) => string | undefined,
): Probe[] | undefined {
  const platform = PLATFORM[`${method} ${url}`];
  if (platform) return [...platform];
  const found = areaNeed(method, url);
  if (!found) return undefined;
  const { area: a, action } = found;
  const needed = a.via?.[action] ?? action;
  const holds = (act: Action) => (a.rights.includes(act) ? [rightOf(a, act)] : []);
  const write = action === 'Create' || action === 'Edit' || action === 'BulkEdit' || action === 'Delete';
  // Reading one record opens the view page or the edit form: View or Edit.
  const need: Need =
    write && !a.rights.includes(needed)
      ? NOT_OFFERED
      : action === 'View'
        ? anyOf(...holds('View'), ...holds('Edit'))
        : anyOf(...holds(needed));
  const id = method === 'GET' ? (existing(a.api) ?? MISSING_ID) : MISSING_ID;
  // A map list is the list of one record (`?id=`): a demo record's, so the query itself is sound.
  const query = found.path === 'map' && method === 'GET' ? `?id=${id}` : '';
  return [{ path: `${url.replace(':id', id).replace(':entryId', MISSING_ID)}${query}`, need }];
}
