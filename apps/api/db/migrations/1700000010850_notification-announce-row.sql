-- Up Migration
-- A new notification is announced on bm_notifications with its whole row, so the instance holding
-- the recipient's hub sockets pushes it without reading it back: one query less per notification,
-- and none at all when one statement raises a notification to many users. The row's created_at is
-- sent as UTC text with microseconds, the form the pg client parses when it reads the row itself,
-- so the pushed message is the one a read returns. A payload must stay under 8000 bytes: a larger
-- notification (a long description in a wide script, big actions) is announced as before, {id, to},
-- and the hub reads the row.

CREATE OR REPLACE FUNCTION bm_announce_notification() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  payload text := json_build_object(
    'id', NEW.id,
    'to', NEW.to_email,
    'row', json_build_object(
      'id', NEW.id,
      'from_email', NEW.from_email,
      'to_email', NEW.to_email,
      'title', NEW.title,
      'description', NEW.description,
      'is_read', NEW.is_read,
      'actions', NEW.actions,
      'created_at', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'
    )
  )::text;
BEGIN
  IF octet_length(payload) >= 8000 THEN
    payload := json_build_object('id', NEW.id, 'to', NEW.to_email)::text;
  END IF;
  PERFORM pg_notify('bm_notifications', payload);
  RETURN NULL;
END;
$$;

-- Down Migration
CREATE OR REPLACE FUNCTION bm_announce_notification() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bm_notifications', json_build_object('id', NEW.id, 'to', NEW.to_email)::text);
  RETURN NULL;
END;
$$;
