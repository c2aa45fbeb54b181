/**
 * The area index: every area of the console in the order of its menu group and of the home
 * redirect. An area with a module (a folder beside this file) brings its fields, SQL, presets and
 * demo data; a planned area is so far only its name, rights, screens and menu entry, so the menu
 * and the rights table are complete before every area is built. Adding an area: docs/areas.md.
 */
import type { EntityAction } from '@bm/contracts';
import { interceptionTriggers } from './interception-triggers/manifest.ts';
import { interceptions } from './interceptions/manifest.ts';
import { locationKeywords } from './location-keywords/manifest.ts';
import { type AreaManifest, defineArea, type EntityManifest, type ToolManifest } from './manifest.ts';
import { merchantCarClasses } from './merchant-car-classes/manifest.ts';
import { merchantCars } from './merchant-cars/manifest.ts';
import { merchantIncludedItems } from './merchant-included-items/manifest.ts';
import { merchantLocations } from './merchant-locations/manifest.ts';
import { merchantOffices } from './merchant-offices/manifest.ts';
import { merchantOptions } from './merchant-options/manifest.ts';
import { merchantSuppliers } from './merchant-suppliers/manifest.ts';
import { pages } from './pages/manifest.ts';
import { presets } from './presets/manifest.ts';
import { pricewatchCarClasses } from './pricewatch-car-classes/manifest.ts';
import { pricewatchCars } from './pricewatch-cars/manifest.ts';
import { pricewatchIncludedItems } from './pricewatch-included-items/manifest.ts';
import { pricewatchLocations } from './pricewatch-locations/manifest.ts';
import { pricewatchOffices } from './pricewatch-offices/manifest.ts';
import { pricewatchOptions } from './pricewatch-options/manifest.ts';
import { pricewatchSuppliers } from './pricewatch-suppliers/manifest.ts';
import { productPlacements } from './product-placements/manifest.ts';
import { reservations } from './reservations/manifest.ts';

const CRUDV: readonly EntityAction[] = ['List', 'View', 'Create', 'Edit', 'Delete'];
const MAPPABLE: readonly EntityAction[] = [...CRUDV, 'GetMap', 'Map'];

/** A tool page: a bare right, in the Tools group, tried first by the home redirect. */
const tool = (t: Omit<ToolManifest, 'kind' | 'group' | 'home'>): ToolManifest => ({
  kind: 'tool',
  group: 'Tools',
  home: true,
  ...t,
});

/** An area not built yet: rights, screens and menu entry only. */
const planned = (
  area: Pick<EntityManifest, 'entity' | 'label' | 'group' | 'segment' | 'api' | 'actions' | 'icon'> &
    Partial<Pick<EntityManifest, 'home' | 'rightOverrides'>>,
): EntityManifest => defineArea({ singular: area.label, ...area });

export const AREA_INDEX: readonly AreaManifest[] = [
  // Tools first, in the order the home redirect checks them.
  tool({
    right: 'ViewMongo',
    label: 'Database management',
    path: '/mongoManagement',
    toolKey: 'mongo',
    icon: 'database',
  }),
  tool({
    right: 'ViewReplication',
    label: 'Replication management',
    path: '/replicationManagement',
    toolKey: 'replication',
    icon: 'replace',
  }),
  tool({
    right: 'ViewSearch',
    label: 'Reservation search',
    path: '/searchReservation',
    toolKey: 'search',
    icon: 'search',
  }),
  tool({
    right: 'ViewRoadmapTool',
    label: 'Roadmap',
    path: '/roadmapManagement',
    toolKey: 'roadmap',
    icon: 'map',
  }),
  tool({
    right: 'ViewCampingMonkeyTool',
    label: 'Camping Monkey',
    path: '/campingMonkeyManagement',
    toolKey: 'campingMonkey',
    icon: 'tent',
  }),
  tool({
    right: 'ViewCarCompareTool',
    label: 'Car compare',
    path: '/carCompareManagement',
    toolKey: 'carCompare',
    icon: 'car',
  }),
  tool({
    right: 'ViewMarketingTool',
    label: 'Marketing',
    path: '/marketingManagement',
    toolKey: 'marketing',
    icon: 'speakerphone',
  }),
  tool({
    right: 'ViewReconTool',
    label: 'Reconciliation',
    path: '/reconcilitationManagement',
    toolKey: 'reconciliation',
    icon: 'scale',
  }),
  pages,
  presets,
  planned({
    entity: 'PresetNew',
    label: 'Presets (new)',
    group: 'Administration',
    segment: 'presets-new',
    api: '/api/presetdynamics',
    actions: ['List', 'View', 'Edit', 'Delete'],
    icon: 'adjustments',
  }),
  planned({
    entity: 'Resource',
    label: 'Resources',
    group: 'Content',
    segment: 'resource',
    api: '/api/resources',
    actions: CRUDV,
    icon: 'box',
    home: true,
  }),
  planned({
    entity: 'TranslationResource',
    label: 'Translation resources',
    group: 'Content',
    segment: 'translationresource',
    api: '/api/translationresources',
    actions: CRUDV,
    icon: 'language',
    home: true,
  }),
  planned({
    entity: 'TranslationInterception',
    label: 'Translation interceptions',
    group: 'Content',
    segment: 'translationinterception',
    api: '/api/translationinterceptions',
    actions: CRUDV,
    icon: 'language',
    home: true,
  }),
  reservations,
  pricewatchLocations,
  pricewatchOptions,
  pricewatchCars,
  pricewatchCarClasses,
  pricewatchSuppliers,
  pricewatchIncludedItems,
  pricewatchOffices,
  merchantLocations,
  merchantOptions,
  merchantCars,
  merchantCarClasses,
  merchantSuppliers,
  merchantIncludedItems,
  merchantOffices,
  planned({
    entity: 'Menu',
    label: 'Menus',
    group: 'Administration',
    segment: 'menu',
    api: '/api/menu',
    actions: ['List', 'Create', 'Edit', 'Delete'],
    icon: 'menu-2',
    home: true,
  }),
  interceptions,
  interceptionTriggers,
  productPlacements,
  locationKeywords,
  planned({
    entity: 'Review',
    label: 'Reviews',
    group: 'Content',
    segment: 'review',
    api: '/api/review',
    actions: ['List', 'View', 'Edit'],
    icon: 'message',
  }),
  planned({
    entity: 'CustomerReservation',
    label: 'Reservations (new)',
    group: 'Reservations & payments',
    segment: 'customerreservation',
    api: '/api/customerReservations',
    actions: [...MAPPABLE, 'SetIsActiveCustomer'],
    icon: 'calendar-plus',
  }),
  planned({
    entity: 'CustomerReservationLog',
    label: 'Reservation summary',
    group: 'Reservations & payments',
    segment: 'customerreservationlog',
    api: '/api/customerreservationlogs',
    actions: ['List', 'View'],
    icon: 'history',
  }),
  // Payments allow Create too: query parameters prefill a new record.
  planned({
    entity: 'Payment',
    label: 'Payments',
    group: 'Reservations & payments',
    segment: 'payment',
    api: '/api/payments',
    actions: ['List', 'View', 'Create', 'Edit'],
    icon: 'credit-card',
  }),
  planned({
    entity: 'ChargeBack',
    label: 'Chargebacks',
    group: 'Reservations & payments',
    segment: 'chargeback',
    api: '/api/chargeBacks',
    actions: CRUDV,
    icon: 'receipt-refund',
  }),
  planned({
    entity: 'PrepaidCredit',
    label: 'Prepaid credits',
    group: 'Reservations & payments',
    segment: 'prepaidcredit',
    api: '/api/prepaidcredits',
    actions: CRUDV,
    icon: 'wallet',
  }),
  planned({
    entity: 'CustomerServiceCase',
    label: 'Customer service cases',
    group: 'Reservations & payments',
    segment: 'customerservicecase',
    api: '/api/customerservicecases',
    actions: CRUDV,
    icon: 'headset',
  }),
  planned({
    entity: 'Insurance',
    label: 'Insurance',
    group: 'Reservations & payments',
    segment: 'insurance',
    api: '/api/insurance',
    actions: ['List', 'View', 'GetMap', 'Map'],
    icon: 'shield',
  }),
  planned({
    entity: 'EMApplication',
    label: 'Applications',
    group: 'Exception management',
    segment: 'application',
    api: '/api/applications',
    actions: CRUDV,
    icon: 'apps',
  }),
  planned({
    entity: 'EMContact',
    label: 'Contacts',
    group: 'Exception management',
    segment: 'contact',
    api: '/api/contacts',
    actions: CRUDV,
    icon: 'address-book',
  }),
  planned({
    entity: 'EMEscalationPolicy',
    label: 'Escalation policies',
    group: 'Exception management',
    segment: 'escalationpolicy',
    api: '/api/escalationpolicies',
    actions: CRUDV,
    icon: 'stairs-up',
  }),
  planned({
    entity: 'EMException',
    label: 'Exceptions',
    group: 'Exception management',
    segment: 'exception',
    api: '/api/exceptions',
    actions: CRUDV,
    icon: 'alert-triangle',
  }),
  planned({
    entity: 'EMExceptionThreshold',
    label: 'Exception thresholds',
    group: 'Exception management',
    segment: 'exceptionthreshold',
    api: '/api/exceptionthresholds',
    actions: CRUDV,
    icon: 'gauge',
  }),
  planned({
    entity: 'Export',
    label: 'Exports',
    group: 'Administration',
    segment: 'export',
    api: '/api/exports',
    actions: CRUDV,
    icon: 'file-spreadsheet',
  }),
  planned({
    entity: 'OpenApiDocument',
    label: 'Open API documents',
    group: 'Administration',
    segment: 'OpenApiDocument',
    api: '/api/OpenApiDocument',
    actions: ['List', 'Create', 'Edit', 'Delete'],
    icon: 'file-code',
  }),
  planned({
    entity: 'AccountApiKey',
    label: 'Account API keys',
    group: 'Administration',
    segment: 'accountapikey',
    api: '/api/accountapikey',
    actions: ['List', 'Create', 'Edit', 'Delete'],
    icon: 'key',
  }),
  planned({
    entity: 'ApiLogs',
    label: 'API logs',
    group: 'Administration',
    segment: 'apilogs',
    api: '/api/ApiLogs',
    actions: ['List', 'View'],
    icon: 'logs',
  }),
];
