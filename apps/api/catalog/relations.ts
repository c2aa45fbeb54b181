/**
 * The relations between areas, derived from the fields that declare `refersTo` (a payment's
 * reservation, a trigger's interception): each is a link from the referring area's list and view to
 * the other record's view, and a related list on that record's view of the referring area's records
 * (its own list, filtered on the key holding the id). Stated once in the manifests; this is the only
 * place that reads them. A manifest whose relation cannot work (an unknown area, an area without a
 * view, an id its list does not carry) fails the derivation, loudly.
 */
import { listPathOf, type RouteReference, type RouteRelated, viewPathOf } from '@bm/contracts';
import { AREA_INDEX } from '../areas/index.ts';
import type { AreaField, AreaManifest, EntityManifest } from '../areas/manifest.ts';

export interface Relation {
  /** The referring area and its field (the one showing the other record's name). */
  from: EntityManifest;
  field: AreaField;
  /** The key of `from`'s list view (and record view) holding the other record's id. */
  idKey: string;
  /** The area referred to. */
  to: EntityManifest;
}

const listed = (field: AreaField): boolean => field.list !== false;

/**
 * The referring fields whose id a generated list view adds as a column of its own: the id their
 * form edits (`idKey`), when no listed field of the area already carries it.
 */
export function referenceIdFields(area: EntityManifest): AreaField[] {
  const fields = area.fields ?? [];
  const listedKeys = new Set(fields.filter(listed).map((f) => f.key));
  return fields.filter(
    (f) =>
      f.refersTo !== undefined &&
      listed(f) &&
      f.idKey !== undefined &&
      (f.refersTo.idKey ?? f.idKey) === f.idKey &&
      !listedKeys.has(f.idKey),
  );
}

function relationOf(from: EntityManifest, field: AreaField, byEntity: Map<string, EntityManifest>): Relation {
  const reference = field.refersTo;
  const where = `${from.entity}.${field.key}`;
  if (!reference) throw new Error(`${where} refers to nothing`);
  const to = byEntity.get(reference.entity);
  if (!to) throw new Error(`${where} refers to ${reference.entity}, which is no area with fields`);
  if (!to.actions.includes('View')) throw new Error(`${where} refers to ${to.entity}, which has no view`);
  if (!listed(field)) throw new Error(`${where} refers to ${to.entity} but is not in the list`);
  const idKey = reference.idKey ?? field.idKey;
  if (!idKey) throw new Error(`${where} refers to ${to.entity} but names no key holding its id`);
  const fields = from.fields ?? [];
  const carried =
    fields.some((f) => f.key === idKey && listed(f)) ||
    (from.sql === 'generated' && referenceIdFields(from).includes(field));
  if (!carried) throw new Error(`${where}: the list view of ${from.entity} does not carry ${idKey}`);
  return { from, field, idKey, to };
}

/** Every relation of the index, in index order of the referring areas and their fields. */
export function relationsOf(areas: readonly AreaManifest[]): Relation[] {
  const entities = areas.filter((a): a is EntityManifest => a.kind === 'entity' && a.fields !== undefined);
  const byEntity = new Map(entities.map((a) => [a.entity, a]));
  return entities.flatMap((from) =>
    (from.fields ?? []).filter((f) => f.refersTo !== undefined).map((f) => relationOf(from, f, byEntity)),
  );
}

export const RELATIONS: readonly Relation[] = relationsOf(AREA_INDEX);

/** The links of an area's list and view screens: each referring field, to the other record's view. */
export function routeReferencesOf(
  entity: string,
  relations: readonly Relation[] = RELATIONS,
): RouteReference[] {
  return relations
    .filter((r) => r.from.entity === entity)
    .map((r) => ({ field: r.field.key, idKey: r.idKey, viewPath: viewPathOf(r.to.segment) }));
}

/** Labels more than one area has (the price-watch and the merchant Locations): named with their group. */
const sharedLabels = (areas: readonly AreaManifest[]): Set<string> => {
  const labels = areas.filter((a) => a.kind === 'entity').map((a) => a.label);
  return new Set(labels.filter((label, index) => labels.indexOf(label) !== index));
};
const SHARED_LABELS = sharedLabels(AREA_INDEX);

/**
 * The related lists of an area's view: every listed area referring to it, headed with its label (and
 * its menu group where another area has the same label: "Merchant · Locations"), and with the
 * referring field's label too when that area refers to it more than once (an escalation policy's
 * first, second and third contact).
 */
export function routeRelatedOf(
  entity: string,
  relations: readonly Relation[] = RELATIONS,
  shared: ReadonlySet<string> = SHARED_LABELS,
): RouteRelated[] {
  const referring = relations.filter((r) => r.to.entity === entity && r.from.actions.includes('List'));
  return referring.map((r) => {
    const twice = referring.filter((o) => o.from.entity === r.from.entity).length > 1;
    const label = shared.has(r.from.label) ? `${r.from.group} · ${r.from.label}` : r.from.label;
    return {
      listPath: listPathOf(r.from.segment),
      idKey: r.idKey,
      label: twice ? `${label} (${r.field.label})` : label,
      singular: r.from.singular,
    };
  });
}
