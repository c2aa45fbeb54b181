/**
 * The area index: every area of the console in the order of its menu group and of the home
 * redirect. An area with a module (a folder beside this file) brings its fields, SQL, presets and
 * demo data; tools are a right and a page. Adding an area: docs/areas.md.
 */
import { accountApiKeys } from './account-api-keys/manifest.ts';
import { apiLogs } from './api-logs/manifest.ts';
import { autoMapRuns } from './auto-map-runs/manifest.ts';
import { chargebacks } from './chargebacks/manifest.ts';
import { customerReservationLogs } from './customer-reservation-logs/manifest.ts';
import { customerReservations } from './customer-reservations/manifest.ts';
import { customerServiceCases } from './customer-service-cases/manifest.ts';
import { emApplications } from './em-applications/manifest.ts';
import { emContacts } from './em-contacts/manifest.ts';
import { emEscalationPolicies } from './em-escalation-policies/manifest.ts';
import { emExceptionThresholds } from './em-exception-thresholds/manifest.ts';
import { emExceptions } from './em-exceptions/manifest.ts';
import { exportFiles } from './exports/manifest.ts';
import { insurance } from './insurance/manifest.ts';
import { interceptionTriggers } from './interception-triggers/manifest.ts';
import { interceptions } from './interceptions/manifest.ts';
import { locationKeywords } from './location-keywords/manifest.ts';
import type { AreaManifest, ToolManifest } from './manifest.ts';
import { mapHistory } from './map-history/manifest.ts';
import { menus } from './menus/manifest.ts';
import { merchantCarClasses } from './merchant-car-classes/manifest.ts';
import { merchantCars } from './merchant-cars/manifest.ts';
import { merchantIncludedItems } from './merchant-included-items/manifest.ts';
import { merchantLocations } from './merchant-locations/manifest.ts';
import { merchantOffices } from './merchant-offices/manifest.ts';
import { merchantOptions } from './merchant-options/manifest.ts';
import { merchantSuppliers } from './merchant-suppliers/manifest.ts';
import { openApiDocuments } from './open-api-documents/manifest.ts';
import { pages } from './pages/manifest.ts';
import { payments } from './payments/manifest.ts';
import { prepaidCredits } from './prepaid-credits/manifest.ts';
import { presets } from './presets/manifest.ts';
import { presetsNew } from './presets-new/manifest.ts';
import { pricewatchCarClasses } from './pricewatch-car-classes/manifest.ts';
import { pricewatchCars } from './pricewatch-cars/manifest.ts';
import { pricewatchIncludedItems } from './pricewatch-included-items/manifest.ts';
import { pricewatchLocations } from './pricewatch-locations/manifest.ts';
import { pricewatchOffices } from './pricewatch-offices/manifest.ts';
import { pricewatchOptions } from './pricewatch-options/manifest.ts';
import { pricewatchSuppliers } from './pricewatch-suppliers/manifest.ts';
import { productPlacements } from './product-placements/manifest.ts';
import { reservations } from './reservations/manifest.ts';
import { resources } from './resources/manifest.ts';
import { reviews } from './reviews/manifest.ts';
import { translationInterceptions } from './translation-interceptions/manifest.ts';
import { translationResources } from './translation-resources/manifest.ts';

/** A tool page: a bare right, in the Tools group, tried first by the home redirect. */
const tool = (t: Omit<ToolManifest, 'kind' | 'group' | 'home'>): ToolManifest => ({
  kind: 'tool',
  group: 'Tools',
  home: true,
  ...t,
});

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
  presetsNew,
  resources,
  translationResources,
  translationInterceptions,
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
  mapHistory,
  autoMapRuns,
  menus,
  interceptions,
  interceptionTriggers,
  productPlacements,
  locationKeywords,
  reviews,
  customerReservations,
  customerReservationLogs,
  // Payments allow Create (under the Edit right): query parameters prefill a new record.
  payments,
  chargebacks,
  prepaidCredits,
  customerServiceCases,
  insurance,
  emApplications,
  emContacts,
  emEscalationPolicies,
  emExceptions,
  emExceptionThresholds,
  exportFiles,
  openApiDocuments,
  accountApiKeys,
  apiLogs,
];
