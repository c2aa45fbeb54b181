/**
 * Waits for a record screen's preset: a loader while it loads, a retry when the silent fetch failed,
 * the 428 page when the right has no default preset, else the screen.
 */
import type { Preset, PresetDefinition } from '@bm/contracts';
import type { ReactNode } from 'react';
import { LoadFailedNotice } from '../errors/LoadFailedNotice.tsx';
import { PreconditionRequiredPage } from '../errors/PreconditionRequiredPage.tsx';
import { ScreenLoader } from '../loading/ScreenLoader.tsx';
import { useFormPreset } from './useFormPreset.ts';

interface PresetGateProps {
  rightName: string;
  children: (preset: { preset: Preset; definition: PresetDefinition }) => ReactNode;
}

export function PresetGate({ rightName, children }: PresetGateProps) {
  const state = useFormPreset(rightName);
  if (state.status === 'loading') {
    return <ScreenLoader label="Loading the form" />;
  }
  if (state.status === 'failed')
    return <LoadFailedNotice message="The form could not be loaded." onRetry={state.retry} />;
  if (state.status === 'missing') return <PreconditionRequiredPage />;
  return <>{children(state)}</>;
}
