/**
 * Unsaved form values kept across an expired session: when the session ends without a sign-out,
 * the open form writes what the user entered here, keyed by the form's route (which holds the
 * record id), and gives it back after the user signed in again and the form loaded. Session
 * storage survives the provider's sign-in round trip in the same tab and goes with the tab; a
 * draft names its owner, so another account signing in in this tab never sees it.
 */

const PREFIX = 'bm-form-draft:';

export interface FormDraft {
  /** The signed-in user's email when the draft was written. */
  owner: string;
  values: Record<string, unknown>;
  marked: string[];
  /** The row version the edit started from: a save after the restore still detects a conflict. */
  rowVersion: number | undefined;
}

const keyOf = (route: string): string => `${PREFIX}${route}`;

export function saveDraft(storage: Storage, route: string, draft: FormDraft): void {
  try {
    storage.setItem(keyOf(route), JSON.stringify(draft));
  } catch {
    // A full or refused storage: nothing more can be kept.
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads and forgets the draft of `route`; undefined when there is none, it is not one we wrote, or
 * it belongs to another account (which is dropped all the same).
 */
export function takeDraft(storage: Storage, route: string, owner: string | undefined): FormDraft | undefined {
  const raw = storage.getItem(keyOf(route));
  if (raw === null) return undefined;
  storage.removeItem(keyOf(route));
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || !isRecord(parsed.values) || typeof parsed.owner !== 'string') return undefined;
  if (!owner || parsed.owner !== owner) return undefined;
  const marked = Array.isArray(parsed.marked) ? parsed.marked.filter((k) => typeof k === 'string') : [];
  const rowVersion = typeof parsed.rowVersion === 'number' ? parsed.rowVersion : undefined;
  return { owner: parsed.owner, values: parsed.values, marked, rowVersion };
}

/** The draft's values for the form's own keys only: nothing else reaches the form or the payload. */
export function draftValues(draft: FormDraft, keys: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(draft.values).filter(([key]) => keys.has(key)));
}
