/**
 * What a record screen (edit, create, view, bulk edit) needs to know about where it sits: the right
 * whose preset defines it, the rights around it, and its paths. Entity routes and dynamic pages
 * (page configs) both describe themselves with this and share the same screens.
 */
import type { PageConfigAction, RouteReference, RouteRelated } from '@bm/contracts';
import type { ScreenRights } from '../access/screenRights.ts';
import { recordHeading } from './recordHeading.ts';

export interface RecordScreen {
  mode: 'edit' | 'create' | 'view' | 'bulkupdate';
  id: number | undefined;
  /** The right whose in-use or default preset defines the screen. */
  presetRight: string;
  rights: ScreenRights;
  /** The record API from a page config; otherwise the preset's action api or source. */
  api?: string | undefined;
  /** A page config's action: its sqlQuery and databaseName replace the stored procedure. */
  pageAction?: Pick<PageConfigAction, 'sqlQuery' | 'databaseName'> | undefined;
  /** sqlViewName and databaseName the record is read with (a view page config's action). */
  recordQuery?: { sqlViewName: string; databaseName?: string | undefined } | undefined;
  /** Where a record opens for editing and viewing. */
  editPath: (id: number | string) => string;
  viewPath?: ((id: number | string) => string) | undefined;
  /** The list page of the right (every route names a parent list page). */
  listPath?: string | undefined;
  /** A page config's list page, the return order's fourth choice. */
  pageConfigListPath?: string | undefined;
  /** Shown instead of the menu-derived page title (dynamic pages use their pageName). */
  title?: string | undefined;
  /** One record ("Page"): the screen is headed "New page", "Edit page “Home”", "Page “Home”". */
  singular?: string | undefined;
  /** The field whose value names the record in the heading (the area's `titleField`). */
  titleField?: string | undefined;
  /** The list's heading ("Pages"), the breadcrumb back to it. */
  listLabel?: string | undefined;
  /** Fields naming another area's record: the view links them to that record's view. */
  references?: readonly RouteReference[] | undefined;
  /** Other areas' records referring to this one: the view lists them below the record. */
  related?: readonly RouteRelated[] | undefined;
  /** The record's changes are journalled: the view shows its History. */
  history?: boolean | undefined;
}

/** The heading of a record screen: a page config's own name, else the record's (recordHeading). */
export function screenHeading(
  screen: RecordScreen,
  record: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  if (screen.title) return screen.title;
  if (!screen.singular) return undefined;
  return recordHeading(screen.mode, screen.singular, screen.id, record, screen.titleField);
}
