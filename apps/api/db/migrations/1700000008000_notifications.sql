-- Up Migration
-- Notifications: one row per message to one user. Every API instance listens on
-- the channel bm_notifications; a new row announces its id and recipient there, and the instance
-- holding that user's hub socket reads the row and pushes it, so any instance may raise one.

CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  from_email text NOT NULL DEFAULT '',
  to_email text NOT NULL CHECK (to_email = lower(to_email) AND position('@' in to_email) > 1),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  is_read boolean NOT NULL DEFAULT false,
  actions jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(actions) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A user's newest first, and the unread count of the bell.
CREATE INDEX notifications_to_idx ON notifications (to_email, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (to_email) WHERE NOT is_read;

CREATE FUNCTION bm_announce_notification() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bm_notifications', json_build_object('id', NEW.id, 'to', NEW.to_email)::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER notifications_announce
  AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION bm_announce_notification();

-- Down Migration
DROP TRIGGER notifications_announce ON notifications;
DROP FUNCTION bm_announce_notification();
DROP TABLE notifications;
