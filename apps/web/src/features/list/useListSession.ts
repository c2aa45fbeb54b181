/**
 * The headless half of the list session: the preset picked for this visit (or why there is none) and
 * the command that chooses another one (see ListSession.tsx). A link that names a view the user may
 * not see, or carries parameters the list does not know, opens the list all the same, with a plain
 * notice above it (`notices`), never an error over the page. An address this tab wrote itself is a
 * reload, not a link (listAddress.ts): the list opens as it was.
 */
import type { AppRoute, Preset, PresetGroup } from '@bm/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { filtersFromQuery } from '../filters/filtersFromQuery.ts';
import { writeFilterHistory } from '../presets/filterHistory.ts';
import { parsePresetDefinition } from '../presets/parsePresetDefinition.ts';
import { readDeepLink, resolvePresetSelection } from '../presets/resolvePresetSelection.ts';
import { usePresetActions } from '../presets/usePresetActions.ts';
import { parseQuerySwitches } from '../switches/querySwitches.ts';
import { filtersFromAddress, ignoredParams, ignoredText, isOwnAddress } from './listAddress.ts';
import { presetFilters } from './listState.ts';

export interface ListSessionProps {
  route: AppRoute;
  presets: readonly Preset[];
  groups: readonly PresetGroup[];
  /** A map list's record (`/{entity}/:id/getmap`): the list shows the records it may be. */
  recordId?: number | undefined;
}

interface Active {
  preset: Preset;
  /** Bumped on every choice; the list view is keyed by it. */
  visit: number;
  chosen: boolean;
}

export function useListSession({ route, presets, groups }: ListSessionProps) {
  const { search } = useLocation();
  const actions = usePresetActions(route.right);
  // Read once, before the list writes its own address.
  const [reload] = useState(() => isOwnAddress(window.sessionStorage, route.right, search));
  const [{ selection, notices }] = useState(() => {
    const columns = presets.flatMap((p) => parsePresetDefinition(p.definition)?.definition ?? []);
    const linked = filtersFromAddress(search, columns) ?? filtersFromQuery(search, columns);
    const selection = resolvePresetSelection({
      presets,
      groupNames: groups.map((g) => g.name),
      deepLink: reload ? {} : readDeepLink(search),
      hasLinkedFilters: !reload && Object.keys(linked).length > 0,
      ignoreState: parseQuerySwitches(search).ignorestate === true,
    });
    const ignored = ignoredParams(search, columns, route.requiredParam ? [route.requiredParam.name] : []);
    const notices = [
      ...(selection.status === 'ok' && selection.alert ? [linkNotice(selection.alert)] : []),
      ...(ignored.length > 0 ? [ignoredText(ignored)] : []),
    ];
    return { selection, notices };
  });
  const [active, setActive] = useState<Active | null>(() =>
    selection.status === 'ok' ? { preset: selection.preset, visit: 0, chosen: selection.deepLinked } : null,
  );
  const started = useRef(false);

  const choose = (preset: Preset, options: { tellServer: boolean } = { tellServer: true }) => {
    const definition = parsePresetDefinition(preset.definition);
    if (definition) writeFilterHistory(window.sessionStorage, route.right, presetFilters(definition));
    setActive((current) => ({ preset, visit: (current?.visit ?? 0) + 1, chosen: true }));
    if (options.tellServer) void actions.changeInUse(preset);
  };

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects.
    if (started.current || selection.status !== 'ok') return;
    started.current = true;
    if (selection.deepLinked) {
      const definition = parsePresetDefinition(selection.preset.definition);
      if (definition) writeFilterHistory(window.sessionStorage, route.right, presetFilters(definition));
      if (!selection.preset.isInUse) void actions.changeInUse(selection.preset);
    }
  }, [selection, actions, route.right]);

  const status =
    selection.status === 'ok' && active
      ? 'ok'
      : selection.status === 'missingDefault'
        ? 'missingDefault'
        : 'empty';
  return { status, active, presetActions: actions, choose, notices } as const;
}

/**
 * A link naming a view the user may not see (someone's own, a group they do not read, one deleted
 * since) or naming it by halves: said plainly, with what opened instead.
 */
const linkNotice = (alert: string): string =>
  `${alert}. The link’s view is not one you can open, so your usual view opened.`;
