/**
 * The list's search box in its header: the text is looked for in the fields the area declares
 * searchable (their labels are the placeholder), together with the filters. What is typed reaches
 * the address (`q`, and with it the list call) once typing pauses for SEARCH_DEBOUNCE_MS, or at
 * once on Enter; the clear button empties it. A text the address changes by itself (back, a link)
 * is shown as it arrives.
 */
import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ListSearch } from './useListController.ts';

/** How long typing pauses before the search is sent: a word, not each letter, reaches the server. */
export const SEARCH_DEBOUNCE_MS = 300;

interface ListSearchBoxProps {
  search: ListSearch;
  /** The list's title: the box is named "Search {title}". */
  title: string;
}

export function ListSearchBox({ search, title }: ListSearchBoxProps) {
  const { text, setText, labels } = search;
  const [value, setValue] = useState(text);
  // The text last sent or received: a change of the address from elsewhere replaces what is shown.
  const known = useRef(text);
  useEffect(() => {
    if (text !== known.current) {
      known.current = text;
      setValue(text);
    }
  }, [text]);
  useEffect(() => {
    if (value.trim() === known.current) return;
    const timer = setTimeout(() => {
      known.current = value.trim();
      setText(value);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, setText]);
  const commit = (next: string) => {
    setValue(next);
    known.current = next.trim();
    setText(next);
  };
  return (
    <TextInput
      size="xs"
      type="search"
      aria-label={`Search ${title}`}
      placeholder={`Search ${labels.join(', ').toLowerCase()}`}
      title={`Searches ${labels.join(', ')}`}
      value={value}
      maxLength={200}
      onChange={(event) => setValue(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(value);
      }}
      leftSection={<IconSearch size={14} aria-hidden />}
      rightSection={
        value !== '' ? <CloseButton size="sm" aria-label="Clear search" onClick={() => commit('')} /> : null
      }
      w={260}
    />
  );
}
