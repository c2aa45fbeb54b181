-- Up Migration
-- Sessions and sign-in limits (ADR 0008).
--
-- users.sessions_ended_at: when all of the account's sessions were last ended (disable). The API
-- refuses access tokens issued (iat) at or before it. Any change of an account's standing — that
-- column moving, the account being disabled, enabled, renamed or deleted — is announced on the
-- channel bm_sessions with the account's (old) email, so every API instance forgets its cached
-- status and closes the account's hub sockets at once, whoever made the change (the server,
-- `npm run users`, plain SQL).
--
-- login_failures: failed sign-ins counted per account email and per client address, shared by
-- every instance. A key past its free failures is locked for a growing time (login-limit.ts).

ALTER TABLE users ADD COLUMN sessions_ended_at timestamptz;

CREATE FUNCTION bm_announce_sessions_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('bm_sessions', json_build_object('email', OLD.email)::text);
  ELSIF NEW.disabled IS DISTINCT FROM OLD.disabled
     OR NEW.sessions_ended_at IS DISTINCT FROM OLD.sessions_ended_at
     OR NEW.email IS DISTINCT FROM OLD.email THEN
    PERFORM pg_notify('bm_sessions', json_build_object('email', OLD.email)::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_announce_sessions_ended
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION bm_announce_sessions_ended();

-- A built-in provider's access token names its grant (claim grant_id) and is good only while that
-- grant exists: logout revokes the browser's grant, disabling deletes all of the account's. A grant
-- gone is announced on bm_sessions too, so the sockets of its tokens close on every instance.
CREATE FUNCTION bm_announce_grant_revoked() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bm_sessions', json_build_object('grant', OLD.id)::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER oidc_grants_announce_revoked
  AFTER DELETE ON oidc_models
  FOR EACH ROW WHEN (OLD.type = 'Grant') EXECUTE FUNCTION bm_announce_grant_revoked();

CREATE TABLE login_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL CHECK (failures > 0),
  last_failure_at timestamptz NOT NULL,
  locked_until timestamptz
);
CREATE INDEX login_failures_last_idx ON login_failures (last_failure_at);

-- Down Migration
DROP TABLE login_failures;
DROP TRIGGER oidc_grants_announce_revoked ON oidc_models;
DROP FUNCTION bm_announce_grant_revoked();
DROP TRIGGER users_announce_sessions_ended ON users;
DROP FUNCTION bm_announce_sessions_ended();
ALTER TABLE users DROP COLUMN sessions_ended_at;
