/**
 * The live form: the reducer's state plus a synchronous copy of the values (what a save reads after
 * flushing delayed widget changes), field changes that re-check a field once the form was submitted,
 * dependent prefills fired by a field's changedEvent, and the cascades and keepWhen clearing of
 * fieldConditions.ts.
 *
 * A prefill's answer can land after the user went on. So an answer asked for values the form no
 * longer holds is dropped, an answer never overwrites a field the user changed after asking, and
 * keepWhen waits until no prefill is in flight: a condition such as "the location's type fits the
 * office type" reads a value (the location's type) that the pending answer brings.
 *
 * `related` holds the related records' values (relatedValues.ts, ADR 0027) the rules read beside the
 * form's own: a bound such as "at most the payment's amount" and the lookups filtered by them.
 */
import { conditionScope } from '@bm/contracts';
import { useCallback, useMemo, useReducer, useRef } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { displayKey } from '../../fields/displayKey.ts';
import type { FormField } from '../../fields/formField.ts';
import { autocompleteUrl } from '../../fields/options/autocompleteUrl.ts';
import { rowsOf } from '../../fields/options/fieldOptions.ts';
import { createPendingChanges } from '../../fields/pendingChanges.tsx';
import { prefillUrl, prefillValues } from './dependentPrefill.ts';
import { consequencesOf } from './fieldConditions.ts';
import { emptyFormState, formReducer } from './formState.ts';
import { useRelatedValues, withRelated } from './relatedValues.ts';
import { type FieldErrors, validateField } from './validation/validateForm.ts';

export type FormController = ReturnType<typeof useFormController>;

export function useFormController(fields: readonly FormField[]) {
  const http = useHttp();
  const [state, dispatch] = useReducer(formReducer, undefined, () => emptyFormState());
  const values = useRef<Record<string, unknown>>(state.values);
  const submitted = useRef(false);
  const pending = useMemo(createPendingChanges, []);
  /** Counts the user's changes; `changedAt` keeps the count at each field's last change. */
  const changes = useRef(0);
  const changedAt = useRef(new Map<string, number>());
  const inFlight = useRef(0);
  const related = useRelatedValues(fields, state.values);
  const relatedNow = useRef(related);
  relatedNow.current = related;

  const load = useCallback((next: Record<string, unknown>, rowVersion: number | undefined) => {
    values.current = next;
    submitted.current = false;
    dispatch({ type: 'load', values: next, rowVersion });
  }, []);

  const setValues = useCallback((next: Record<string, unknown>) => {
    values.current = { ...values.current, ...next };
    dispatch({ type: 'setValues', values: next });
  }, []);

  /** Runs a field's changedEvent for its value: the answer fills the fields it names. */
  const prefill = useCallback(
    (field: FormField, url: string) => {
      const asked = changes.current;
      inFlight.current += 1;
      const settle = (answer: Record<string, unknown>) => {
        inFlight.current -= 1;
        const current = prefillUrl(field, values.current[field.mapKey], values.current) === url;
        const prefilled = current ? untouchedSince(answer, changedAt.current, asked) : {};
        const merged = { ...values.current, ...prefilled };
        const keep = inFlight.current === 0;
        setValues({ ...prefilled, ...consequencesOf(fields, field, merged, { cascade: false, keep }) });
      };
      http
        .request<unknown>(url, { silent: true })
        .then((body) => settle(prefillValues(fields, field, body)))
        // A failed prefill fetch fills nothing; the conditions still apply.
        .catch(() => settle({}));
    },
    [fields, http, setValues],
  );

  /** A new record's fields that start with a value from the address run their changedEvent. */
  const prefillFromAddress = useCallback(
    (keys: readonly string[]) => {
      for (const field of fields) {
        const url = keys.includes(field.mapKey)
          ? prefillUrl(field, values.current[field.mapKey], values.current)
          : undefined;
        if (url) prefill(field, url);
      }
    },
    [fields, prefill],
  );

  const change = useCallback(
    (field: FormField, value: unknown) => {
      // Compared with the live values, not a render's: under load a widget may report 8 and then 5
      // again before the form renders, and the 5 must not be dropped as "unchanged".
      if (Object.is(values.current[field.mapKey], value)) return;
      values.current = { ...values.current, [field.mapKey]: value };
      changes.current += 1;
      changedAt.current.set(field.mapKey, changes.current);
      const error = submitted.current
        ? validateField(field, value, conditionScope(fields, withRelated(values.current, relatedNow.current)))
        : undefined;
      dispatch({ type: 'change', key: field.mapKey, value, error });
      const url = prefillUrl(field, value, values.current);
      // Dependent lookups empty at once; keepWhen waits for every prefill in flight (this one
      // included), whose answer may change what it reads.
      const keep = !url && inFlight.current === 0;
      const cascade = consequencesOf(fields, field, values.current, { keep });
      if (Object.keys(cascade).length > 0) setValues(cascade);
      if (url) prefill(field, url);
    },
    [fields, prefill, setValues],
  );

  /**
   * Lookup fields the address named by what they show: each is looked up by that text and takes
   * the one record whose shown name is exactly it (its changedEvent then fills the rest, as if the
   * user had picked it); otherwise the field says the record was not found, so the form cannot
   * look filled while it is not.
   */
  const resolveFromAddress = useCallback(
    (named: readonly { field: FormField; text: string }[]) => {
      for (const { field, text } of named) {
        const url = autocompleteUrl(field.spec, text, values.current);
        const refuse = (error: string) => dispatch({ type: 'change', key: field.mapKey, value: null, error });
        const notFound = () => refuse(`No ${field.label.toLowerCase()} “${text}” was found: choose one here`);
        if (!url) {
          notFound();
          continue;
        }
        http
          .request<unknown>(url, { silent: true })
          .then((body) => {
            const hits = exactOptions(rowsOf(body), field, text);
            const [match] = hits;
            if (!match) return notFound();
            if (hits.length > 1) return refuse(`“${text}” names ${hits.length} records: choose one here`);
            setValues({ [displayKey(field.mapKey)]: match.label });
            change(field, match.value);
          })
          .catch(notFound);
      }
    },
    [http, change, setValues],
  );

  const setErrors = useCallback((errors: FieldErrors) => {
    submitted.current = true;
    dispatch({ type: 'errors', errors });
  }, []);

  const discard = useCallback(() => {
    values.current = state.initial;
    submitted.current = false;
    dispatch({ type: 'discard' });
  }, [state.initial]);

  /** The values on screen, delayed widget changes included. */
  const snapshot = useCallback(() => {
    pending.flushAll();
    return values.current;
  }, [pending]);

  /** The values as the rules read them: the form's own and its related records'. */
  const ruleValues = useCallback(
    (own: Readonly<Record<string, unknown>>) => withRelated(own, relatedNow.current),
    [],
  );

  return {
    state,
    related,
    ruleValues,
    pending,
    load,
    change,
    prefillFromAddress,
    resolveFromAddress,
    setValues,
    setErrors,
    discard,
    snapshot,
    mark: (key: string, on: boolean) => dispatch({ type: 'mark', key, on }),
    setRowVersion: (rowVersion: number | undefined) => dispatch({ type: 'rowVersion', rowVersion }),
  };
}

/** The prefilled values whose field the user has not changed since the prefill was asked for. */
function untouchedSince(
  prefilled: Record<string, unknown>,
  changedAt: ReadonlyMap<string, number>,
  asked: number,
): Record<string, unknown> {
  const kept = { ...prefilled };
  for (const [mapKey, at] of changedAt) {
    if (at <= asked) continue;
    delete kept[mapKey];
    delete kept[displayKey(mapKey)];
  }
  return kept;
}

/** The rows of a lookup answer whose shown name is `text` (case and spaces aside), as values and labels. */
function exactOptions(
  rows: readonly unknown[],
  field: FormField,
  text: string,
): { value: string | number; label: string }[] {
  const nameKey = field.spec.displayFieldName || 'name';
  const valueKey = field.spec.valueFieldName || 'id';
  const wanted = text.trim().toLowerCase();
  const hits = rows.flatMap((row) => {
    if (typeof row !== 'object' || row === null) return [];
    const record = row as Record<string, unknown>;
    const name = record[nameKey] ?? record.label;
    const value = record[valueKey] ?? record.value;
    return typeof name === 'string' &&
      name.trim().toLowerCase() === wanted &&
      (typeof value === 'string' || typeof value === 'number')
      ? [{ value, label: name }]
      : [];
  });
  return hits;
}
