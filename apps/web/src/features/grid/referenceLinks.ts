/**
 * Links to other areas' records, as the server's routes declare them (`references` on a list or
 * view route): a field naming another record (a payment's reservation) links to that record's view,
 * only for someone who can open it. The web knows no relation of its own; it reads these.
 */
import type { AppRoute, RouteReference, Row } from '@bm/contracts';

/** One field's link: the key holding the other record's id and that record's view path. */
export interface ReferenceLink {
  idKey: string;
  viewPath: string;
}

/** The other record's view for one id: `/reservation/view/:id` → `/reservation/view/42`. */
export const referencePath = (viewPath: string, id: string | number): string =>
  viewPath.replace(':id', encodeURIComponent(String(id)));

/** The route a reference leads to, when the user may open it (its right held, its preset shipped). */
function openable(
  reference: RouteReference,
  table: readonly AppRoute[],
  rights: ReadonlySet<string>,
): boolean {
  const target = table.find((r) => r.kind === 'view' && r.pattern === reference.viewPath);
  return target !== undefined && target.hasPreset !== false && rights.has(target.right);
}

/** The links of a screen, by the field that shows them; a reference the user cannot open is none. */
export function referenceLinks(
  references: readonly RouteReference[] | undefined,
  table: readonly AppRoute[],
  rights: ReadonlySet<string>,
): ReadonlyMap<string, ReferenceLink> {
  const links = new Map<string, ReferenceLink>();
  for (const reference of references ?? []) {
    if (openable(reference, table, rights))
      links.set(reference.field, { idKey: reference.idKey, viewPath: reference.viewPath });
  }
  return links;
}

/** Where a row's (or record's) reference leads, or undefined when it names no record. */
export function linkOf(link: ReferenceLink | undefined, row: Readonly<Row>): string | undefined {
  if (!link) return undefined;
  const id = row[link.idKey];
  if ((typeof id !== 'number' && typeof id !== 'string') || String(id).trim() === '') return undefined;
  return referencePath(link.viewPath, id);
}

/**
 * The link of a form field on a view: the reference shown by the field itself (a picked name) or by
 * the field editing its id (a select of the other area's records).
 */
export function fieldLinkOf(
  links: ReadonlyMap<string, ReferenceLink>,
  field: { key: string; mapKey: string; mapKeyId?: string | undefined },
): ReferenceLink | undefined {
  const own = links.get(field.key) ?? links.get(field.mapKey);
  if (own) return own;
  for (const link of links.values()) {
    if (link.idKey === field.mapKey || (field.mapKeyId !== undefined && link.idKey === field.mapKeyId))
      return link;
  }
  return undefined;
}
