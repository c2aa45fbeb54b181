-- Up Migration
-- Platform tables: accounts, roles and rights, the menu and favourites, the client log sink, and the
-- built-in identity provider's storage (so any number of API instances share one provider state).

CREATE TABLE roles (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT ''
);

CREATE TABLE rights (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE role_rights (
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  right_id integer NOT NULL REFERENCES rights (id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, right_id)
);
CREATE INDEX role_rights_right_idx ON role_rights (right_id);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1),
  display_name text NOT NULL DEFAULT '',
  password_hash text,
  is_demo boolean NOT NULL DEFAULT false,
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE user_roles (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);

CREATE TABLE menus (
  id integer PRIMARY KEY,
  name text NOT NULL,
  content jsonb NOT NULL CHECK (jsonb_typeof(content) = 'array'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Keyed by email, not user id: with an external identity provider a signed-in user may have no row.
CREATE TABLE favorite_menu_entries (
  user_email text NOT NULL,
  menu_id integer NOT NULL,
  path text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_email, menu_id)
);

CREATE TABLE client_logs (
  id bigserial PRIMARY KEY,
  level text NOT NULL CHECK (level IN ('error', 'warn', 'info')),
  message text NOT NULL,
  url text NOT NULL,
  user_email text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_logs_created_idx ON client_logs (created_at DESC);

CREATE TABLE oidc_models (
  id text NOT NULL,
  type text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (id, type)
);
CREATE INDEX oidc_models_grant_idx ON oidc_models (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_models_uid_idx ON oidc_models (uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_models_user_code_idx ON oidc_models (user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oidc_models_expires_idx ON oidc_models (expires_at);

-- Signing keys and cookie secrets, created once and shared by every instance.
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE app_secrets, oidc_models, client_logs, favorite_menu_entries, menus, user_roles, users,
  role_rights, rights, roles;
