/**
 * autocomplete: suggestions looked up 500 ms after typing stops, with the text as `name`.
 * Only a suggestion is accepted: a lookup without a match clears the value and shows 'There is no
 * such data'; leaving the box without choosing puts the chosen suggestion's text back.
 */
import { Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { displayKey } from '../displayKey.ts';
import { defineField, type FieldWidgetProps } from '../fieldWidget.ts';
import { asText, baseInputProps } from '../inputProps.ts';
import { AUTOCOMPLETE_DELAY_MS, autocompleteUrl, NO_SUCH_DATA } from '../options/autocompleteUrl.ts';
import { type FieldOption, rowsOf, rowsToOptions } from '../options/fieldOptions.ts';
import { optionKey, SELECT_MAX_HEIGHT_PX } from '../options/selectData.ts';

function AutocompleteInput(props: FieldWidgetProps) {
  const { field, value, values, onChange, readOnly } = props;
  const http = useHttp();
  const combobox = useCombobox();
  const storedLabel = asText(values[displayKey(field.mapKey)] ?? value);
  const [chosenLabel, setChosenLabel] = useState(storedLabel);
  const [text, setText] = useState(storedLabel);
  const [typed, setTyped] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<FieldOption[] | null>(null);
  const [loading, setLoading] = useState(false);

  const chosenHere = useRef<unknown>(undefined);

  // A value set from outside (load, discard, take stored) shows its own text.
  useEffect(() => {
    if (chosenHere.current !== undefined && optionKey(chosenHere.current) === optionKey(value)) return;
    chosenHere.current = undefined;
    setChosenLabel(storedLabel);
    setText(storedLabel);
  }, [storedLabel, value]);

  // Lookups follow the typed text only; parents and the handler are read at that moment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (typed === null) return;
    const url = autocompleteUrl(field.spec, typed, values);
    if (!url || typed.trim() === '') return setSuggestions(null);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      http
        .request<unknown>(url, { signal: controller.signal })
        .then((body) => {
          const found = rowsToOptions(rowsOf(body), field.spec);
          setSuggestions(found);
          if (found.length === 0) {
            chosenHere.current = null;
            setChosenLabel('');
            onChange(null);
          }
          combobox.openDropdown();
        })
        .catch(() => setSuggestions([]))
        .finally(() => setLoading(false));
    }, AUTOCOMPLETE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed]);

  const choose = (key: string) => {
    const option = suggestions?.find((o) => optionKey(o.value) === key);
    if (!option) return;
    chosenHere.current = option.value;
    onChange(option.value);
    setChosenLabel(option.label);
    setText(option.label);
    setTyped(null);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} readOnly={readOnly}>
      <Combobox.Target>
        <TextInput
          {...baseInputProps(props)}
          value={text}
          autoComplete="off"
          rightSection={loading ? <Loader size="xs" aria-label="Looking up" /> : undefined}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setTyped(e.currentTarget.value);
          }}
          onFocus={() => suggestions && combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            setText(value === null || value === undefined || value === '' ? '' : chosenLabel);
            setTyped(null);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={suggestions === null}>
        <Combobox.Options mah={SELECT_MAX_HEIGHT_PX} style={{ overflowY: 'auto' }}>
          {suggestions?.length === 0 ? (
            <Combobox.Empty>{NO_SUCH_DATA}</Combobox.Empty>
          ) : (
            suggestions?.map((o) => (
              <Combobox.Option key={optionKey(o.value)} value={optionKey(o.value)}>
                {o.label}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

// The server stores an autocomplete as text (a suggestion's value, or its id under mapKeyId).
const asString = (value: unknown): unknown => (typeof value === 'number' ? String(value) : value);

export const autocompleteField = defineField({
  type: 'autocomplete',
  Component: AutocompleteInput,
  textual: false,
  toPayload: asString,
});
