/** Every entity with a catalogue entry; later areas add theirs here. */
import type { EntitySpec } from '../entity-spec.ts';
import { interceptionTriggersEntity } from './interception-triggers.ts';
import { interceptionsEntity } from './interceptions.ts';
import { pagesEntity } from './pages.ts';
import { presetsEntity } from './presets.ts';
import { reservationsEntity } from './reservations.ts';

export const ENTITIES: readonly EntitySpec[] = [
  pagesEntity,
  reservationsEntity,
  presetsEntity,
  interceptionsEntity,
  interceptionTriggersEntity,
];
