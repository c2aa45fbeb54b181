/**
 * The preset rules on the server: create under a group (or the caller's 'state'),
 * save, delete, and change the in-use preset, each refused with the spec's messages. The default
 * preset is never overwritten or deleted; group presets need the group's write, edit or delete
 * right, except for the person who saved one (its `created_by`), who may rename, update and delete
 * their shared view as they may their personal ones; personal and state presets belong to the caller
 * from the token.
 */
import {
  DEFAULT_PRESET_NAME,
  PERSONAL_PRESET_GROUP,
  type PresetWrite,
  STATE_PRESET_NAME,
  SYSTEM_PRESET_GROUP_ID,
} from '@bm/contracts';
import type { Caller } from '../auth/access.ts';
import type { Db } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { inRequestTransaction } from '../http/idempotency.ts';
import { groupsFor } from './preset-access.ts';
import { type PresetUrlRules, parsePresetDefinition } from './preset-definition.ts';
import { findVisible, latestDefault, type StoredPreset, setInUse, visiblePresets } from './preset-store.ts';

const NOT_FOUND = 'The preset does not exist';

async function needRight(caller: Caller, rightName: string): Promise<void> {
  if (!(await caller.rights()).has(rightName)) throw new HttpError(403, `Missing right ${rightName}`);
}

async function groupFlags(db: Db, caller: Caller, groupId: number) {
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM preset_groups WHERE id = $1',
    [groupId],
  );
  const group = rows[0];
  if (!group) throw new HttpError(404, 'The preset group does not exist');
  const flags = (await groupsFor(db, caller.email)).find((g) => g.id === groupId);
  return { group, flags };
}

export async function createPreset(
  db: Db,
  caller: Caller,
  body: PresetWrite,
  rules: PresetUrlRules,
): Promise<StoredPreset> {
  const name = body.name?.trim() ?? '';
  if (!name) throw new HttpError(400, 'preset name is required', { name: 'preset name is required' });
  if (body.presetGroupId === undefined) {
    throw new HttpError(400, 'preset group is required', { presetGroupId: 'preset group is required' });
  }
  await needRight(caller, body.rightName);
  const definition = parsePresetDefinition(body.definition, body.rightName, rules);
  const base = await latestDefault(db, body.rightName);
  if (!base) throw new HttpError(404, 'Missing the default preset.');

  if (body.presetGroupId === SYSTEM_PRESET_GROUP_ID) {
    if (name === DEFAULT_PRESET_NAME) throw new HttpError(403, 'The default preset cannot be overwritten');
    if (name !== STATE_PRESET_NAME)
      throw new HttpError(400, `Only the '${STATE_PRESET_NAME}' preset may be saved in the default group`);
    // The caller's state preset: one per right, created or updated in place. A request sent with an
    // Idempotency-Key claims it in this transaction, which commits with the answer.
    return inRequestTransaction(db, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO presets (name, right_name, preset_group_id, owner_email, parent_id, version, definition, total_item_count, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $4)
         ON CONFLICT (right_name, owner_email) WHERE name = 'state' AND preset_group_id = 1
         DO UPDATE SET definition = EXCLUDED.definition, total_item_count = EXCLUDED.total_item_count,
                       parent_id = EXCLUDED.parent_id, version = EXCLUDED.version, updated_at = now()
         RETURNING id`,
        [
          STATE_PRESET_NAME,
          body.rightName,
          SYSTEM_PRESET_GROUP_ID,
          caller.email,
          base.id,
          base.version,
          definition,
          body.totalItemCount ?? null,
        ],
      );
      const id = rows[0]?.id as number;
      await setInUse(client, caller.email, body.rightName, id);
      return (await findVisible(client, caller.email, id)) as StoredPreset;
    });
  }

  const { group, flags } = await groupFlags(db, caller, body.presetGroupId);
  const personal = group.name === PERSONAL_PRESET_GROUP;
  if (!personal && !flags?.write)
    throw new HttpError(403, `You may not create presets in the group ${group.name}`);
  if (name === DEFAULT_PRESET_NAME || name === STATE_PRESET_NAME) {
    throw new HttpError(400, `The name '${name}' is reserved`, { name: `The name '${name}' is reserved` });
  }
  return inRequestTransaction(db, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO presets (name, right_name, preset_group_id, owner_email, parent_id, version, definition, total_item_count, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        name,
        body.rightName,
        group.id,
        personal ? caller.email : null,
        base.id,
        base.version,
        definition,
        body.totalItemCount ?? null,
        caller.email,
      ],
    );
    const id = rows[0]?.id as number;
    await setInUse(client, caller.email, body.rightName, id);
    return (await findVisible(client, caller.email, id)) as StoredPreset;
  });
}

function assertNotDefault(preset: StoredPreset, action: 'overwritten' | 'deleted'): void {
  if (preset.name === DEFAULT_PRESET_NAME && preset.presetGroupId === SYSTEM_PRESET_GROUP_ID) {
    throw new HttpError(403, `The default preset cannot be ${action}`);
  }
}

async function groupAllows(
  db: Db,
  caller: Caller,
  preset: StoredPreset,
  flag: 'edit' | 'delete',
): Promise<void> {
  if (preset.ownerEmail !== null) return; // the caller's own (visibility already checked the owner)
  // A shared view its saver changes: sharing it must not take it out of their hands.
  if (preset.savedByYou) return;
  const { flags } = await groupFlags(db, caller, preset.presetGroupId);
  if (!flags?.[flag])
    throw new HttpError(403, `You may not ${flag} presets in the group ${preset.presetGroup.name}`);
}

export async function updatePreset(
  db: Db,
  caller: Caller,
  id: number,
  body: PresetWrite,
  rules: PresetUrlRules,
): Promise<StoredPreset> {
  const preset = await findVisible(db, caller.email, id);
  if (!preset || preset.rightName !== body.rightName) throw new HttpError(404, NOT_FOUND);
  assertNotDefault(preset, 'overwritten');
  await needRight(caller, preset.rightName);
  await groupAllows(db, caller, preset, 'edit');
  const definition = parsePresetDefinition(body.definition, preset.rightName, rules);
  const name = body.name === undefined ? preset.name : body.name.trim();
  if (!name) throw new HttpError(400, 'preset name is required', { name: 'preset name is required' });
  if (name !== preset.name && (name === DEFAULT_PRESET_NAME || name === STATE_PRESET_NAME)) {
    throw new HttpError(400, `The name '${name}' is reserved`, { name: `The name '${name}' is reserved` });
  }
  await db.query(
    'UPDATE presets SET name = $2, definition = $3, total_item_count = $4, updated_at = now() WHERE id = $1',
    [id, name, definition, body.totalItemCount ?? preset.totalItemCount],
  );
  return (await findVisible(db, caller.email, id)) as StoredPreset;
}

export async function deletePreset(db: Db, caller: Caller, id: number, rightName: string): Promise<void> {
  const preset = await findVisible(db, caller.email, id);
  if (!preset || preset.rightName !== rightName) throw new HttpError(404, NOT_FOUND);
  await needRight(caller, rightName);
  assertNotDefault(preset, 'deleted');
  await groupAllows(db, caller, preset, 'delete');
  const remaining = (await visiblePresets(db, caller.email, rightName)).length;
  if (remaining <= 1) throw new HttpError(400, 'You can not detele the last preset');
  await db.query('DELETE FROM presets WHERE id = $1', [id]);
}

export async function changeInUse(
  db: Db,
  caller: Caller,
  id: number,
  rightName: string,
): Promise<StoredPreset> {
  const preset = await findVisible(db, caller.email, id);
  if (!preset || preset.rightName !== rightName) throw new HttpError(404, NOT_FOUND);
  await needRight(caller, rightName);
  await setInUse(db, caller.email, rightName, id);
  return { ...preset, isInUse: true };
}
