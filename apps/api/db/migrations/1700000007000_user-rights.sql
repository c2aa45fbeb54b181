-- Up Migration
-- Every request checks one right of its caller. Joining users, user_roles, role_rights and rights for
-- that cost more to plan than the hot list query itself, so the answer is kept ready: user_rights
-- holds one row per enabled account and right it holds, and the check is a primary-key lookup.
-- Statement triggers on the four source tables bring it up to date in the same transaction as the
-- change, so a revoked right or a disabled account counts from the next request, as before.

CREATE VIEW v_granted_rights AS
  SELECT DISTINCT u.email, r.name AS right_name
    FROM users u
    JOIN user_roles ur ON ur.user_id = u.id
    JOIN role_rights rr ON rr.role_id = ur.role_id
    JOIN rights r ON r.id = rr.right_id
   WHERE NOT u.disabled;

CREATE TABLE user_rights (
  email text NOT NULL,
  right_name text NOT NULL,
  PRIMARY KEY (email, right_name)
);

-- Applies the difference only, so unrelated rows are never rewritten. The lock makes concurrent
-- changes refresh one after the other; each statement then sees the other's committed rows.
CREATE FUNCTION bm_refresh_user_rights() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE user_rights IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM user_rights x
   WHERE NOT EXISTS (SELECT 1 FROM v_granted_rights g
                      WHERE g.email = x.email AND g.right_name = x.right_name);
  INSERT INTO user_rights (email, right_name)
  SELECT email, right_name FROM v_granted_rights
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;

-- The check itself. Written in PL/pgSQL on purpose: the function is not inlined, so a statement
-- that calls it with parameters plans no extra relation and runs it once as a one-time filter,
-- and its own lookup is planned once per connection.
CREATE FUNCTION bm_has_right(p_email text, p_right text) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM user_rights WHERE email = p_email AND right_name = p_right);
END;
$$;

CREATE TRIGGER users_refresh_user_rights
  AFTER INSERT OR DELETE OR UPDATE OF email, disabled OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bm_refresh_user_rights();
CREATE TRIGGER user_roles_refresh_user_rights
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION bm_refresh_user_rights();
CREATE TRIGGER role_rights_refresh_user_rights
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON role_rights
  FOR EACH STATEMENT EXECUTE FUNCTION bm_refresh_user_rights();
CREATE TRIGGER rights_refresh_user_rights
  AFTER INSERT OR DELETE OR UPDATE OF name OR TRUNCATE ON rights
  FOR EACH STATEMENT EXECUTE FUNCTION bm_refresh_user_rights();

INSERT INTO user_rights (email, right_name) SELECT email, right_name FROM v_granted_rights;

-- Down Migration
DROP TRIGGER rights_refresh_user_rights ON rights;
DROP TRIGGER role_rights_refresh_user_rights ON role_rights;
DROP TRIGGER user_roles_refresh_user_rights ON user_roles;
DROP TRIGGER users_refresh_user_rights ON users;
DROP FUNCTION bm_has_right(text, text);
DROP FUNCTION bm_refresh_user_rights();
DROP TABLE user_rights;
DROP VIEW v_granted_rights;
