/** A preset's definition, read from its JSON text through the shared schema; null when unreadable. */
import { type PresetDefinition, presetDefinitionSchema } from '@bm/contracts';

export function parsePresetDefinition(text: string): PresetDefinition | null {
  try {
    const parsed = presetDefinitionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
