-- Up Migration
-- The entity catalogue (synced from apps/api/catalog on every start) and the preset store:
-- preset groups with per-role rights, presets (default, state, personal, group) and the in-use choice.

CREATE TABLE entity_catalog (
  entity text PRIMARY KEY,
  api_path text NOT NULL UNIQUE,
  right_prefix text NOT NULL,
  spec jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE preset_groups (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE preset_group_rights (
  group_id integer NOT NULL REFERENCES preset_groups (id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  can_read boolean NOT NULL DEFAULT false,
  can_write boolean NOT NULL DEFAULT false,
  can_edit boolean NOT NULL DEFAULT false,
  can_delete boolean NOT NULL DEFAULT false,
  PRIMARY KEY (group_id, role_id)
);

CREATE TABLE presets (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  right_name text NOT NULL,
  preset_group_id integer NOT NULL REFERENCES preset_groups (id),
  -- Personal and state presets belong to one user; default and group presets to nobody.
  owner_email text,
  parent_id integer REFERENCES presets (id) ON DELETE SET NULL,
  version integer NOT NULL DEFAULT 1,
  definition jsonb NOT NULL,
  total_item_count integer,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX presets_right_idx ON presets (right_name, preset_group_id);
CREATE INDEX presets_owner_idx ON presets (owner_email, right_name) WHERE owner_email IS NOT NULL;
CREATE UNIQUE INDEX presets_default_version_key ON presets (right_name, version)
  WHERE name = 'default' AND preset_group_id = 1;
CREATE UNIQUE INDEX presets_state_key ON presets (right_name, owner_email)
  WHERE name = 'state' AND preset_group_id = 1;

CREATE TABLE preset_in_use (
  user_email text NOT NULL,
  right_name text NOT NULL,
  preset_id integer NOT NULL REFERENCES presets (id) ON DELETE CASCADE,
  PRIMARY KEY (user_email, right_name)
);

-- Down Migration
DROP TABLE preset_in_use, presets, preset_group_rights, preset_groups, entity_catalog;
