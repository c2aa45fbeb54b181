/**
 * The one answer to "is this source registered?" (issue 38), for every route that takes one:
 * - a request's `sqlViewName` and `databaseName` (lists, page summaries, map lists, one record,
 *   create, update, delete, set active customer, lookups and the criteria of an export) may only
 *   name what the catalogue registers for what the route reads: `registeredView` answers the view
 *   to read, or refuses with `UnregisteredSource`, a 400 naming the field, worded the same everywhere;
 * - a list source (the API path a list is read from): `entityOfSource` answers the catalogue entry
 *   whose list a path reads (an export's criteria), `sourcesOfRight` the paths a right may read (a
 *   preset's `source`).
 * `UnregisteredSource` is a `CriteriaError`, so a list refuses it as it refuses any other bad query:
 * 403 to a caller without the list's right (the refusal tells them nothing), and an export names
 * it under `criteria`.
 */
import type { EntitySpec } from '../../catalog/entity-spec.ts';
import { CriteriaError } from '../criteria/criteria.types.ts';
import type { EntityRegistry } from './entity-registry.ts';

type SourceField = 'sqlViewName' | 'databaseName';

/** The refused value as the message quotes it: its first 50 characters, whatever its type. */
function shown(value: unknown): string {
  let text: string;
  try {
    text = String(value);
  } catch {
    // A parsed object whose `toString` is not a function.
    text = JSON.stringify(value) ?? '';
  }
  return text.slice(0, 50);
}

/** A `sqlViewName` or `databaseName` the catalogue does not register: 400 naming the field. */
class UnregisteredSource extends CriteriaError {
  readonly errors: Record<string, string>;

  constructor(field: SourceField, value: unknown, owner: string) {
    super(`${field} "${shown(value)}" is not registered for ${owner}`);
    this.errors = { [field]: 'Is not registered' };
  }
}

/** What a route reads, as far as its sources go: `Reservation`, its record view, a lookup. */
interface SourceOwner {
  /** Named in the refusal. */
  entity: string;
  /** The view read when the request names none. */
  view: string;
  /** The views a request may name. */
  views: readonly string[];
  /** The data sources a request may name. */
  dataSources: readonly string[];
}

/** A request's source parameters as it sent them (a query string's may be lists). */
interface SourceQuery {
  sqlViewName?: unknown;
  databaseName?: unknown;
}

const given = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/**
 * The view a request reads: its `sqlViewName` when the owner registers it, else the owner's view.
 * A `databaseName` must be one of the owner's data sources. Absent or empty means not given.
 */
export function registeredView(owner: SourceOwner, query: SourceQuery): string {
  const { sqlViewName: view, databaseName: database } = query;
  if (given(database) && (typeof database !== 'string' || !owner.dataSources.includes(database))) {
    throw new UnregisteredSource('databaseName', database, owner.entity);
  }
  if (!given(view)) return owner.view;
  if (typeof view !== 'string' || !owner.views.includes(view)) {
    throw new UnregisteredSource('sqlViewName', view, owner.entity);
  }
  return view;
}

/** The entity whose list a source path reads (its query string and trailing slashes ignored), or undefined. */
export function entityOfSource(registry: EntityRegistry, source: string): EntitySpec | undefined {
  const path = source.split(/[?#]/)[0] ?? '';
  return registry.byApi(path.replace(/\/+$/, ''));
}

/** A list the server serves, as far as its source goes. */
type ListSource = Pick<EntitySpec, 'api' | 'rightPrefix' | 'rights'>;

/**
 * The list sources a right may read among `lists`: the API path of each list the right belongs to
 * (its right prefix, or a right it spells otherwise), as the catalogue test pairs them.
 */
export function sourcesOfRight(lists: readonly ListSource[], rightName: string): string[] {
  return [
    ...new Set(
      lists
        .filter(
          (e) =>
            rightName.startsWith(`${e.rightPrefix}/`) || Object.values(e.rights ?? {}).includes(rightName),
        )
        .map((e) => e.api),
    ),
  ];
}
