-- Up Migration
-- Hourly rollups of the API log (docs/adr/0034-api-log-rollup.md). The operations dashboard counts
-- the answers by status and averages their duration per hour over 30 days: a million rows read for
-- every load (742 ms on a million-row log even from the covering index). The rollups hold, per UTC
-- hour, the calls and the sum of their durations by status code (api_log_hours) and by route
-- (api_log_route_hours); an average is the sum over the count. The list engine answers a count, a
-- sum or an average from them for the whole hours of a range and from the log's rows for the
-- partial hours at its edges (src/criteria/rollup-sql.ts), so every figure equals the one the
-- rows give.
--
-- They are kept exact by statement triggers on the log (with transition tables): an insert adds its
-- rows, a delete (the shipper's 30-day purge) takes them away, an update does both, a truncate
-- empties the rollups.

-- The route of a call: its method and its path without the query, each segment that carries an id
-- (a digit, other than the version's "v2", or eight or more hex digits such as an offer id) written {id}:
-- GET /v2/reservations/BM-00001234/voucher.pdf is "GET /v2/reservations/{id}/voucher.pdf".
CREATE FUNCTION api_log_route(method text, path text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN method || ' ' || regexp_replace(split_part(path, '?', 1),
                                         '/(?!v[0-9]+(/|$))([^/]*[0-9][^/]*|[0-9a-fA-F]{8,})(?=/|$)', '/{id}', 'g');

CREATE TABLE api_log_hours (
  -- The hour's start (UTC whole hour).
  hour timestamptz NOT NULL,
  status_code smallint NOT NULL,
  requests bigint NOT NULL CHECK (requests >= 0),
  duration_sum bigint NOT NULL,
  PRIMARY KEY (hour, status_code)
);

CREATE TABLE api_log_route_hours (
  hour timestamptz NOT NULL,
  route text NOT NULL,
  requests bigint NOT NULL CHECK (requests >= 0),
  duration_sum bigint NOT NULL,
  PRIMARY KEY (hour, route)
);

-- Keeps both rollups: a delete takes its rows away (and removes the hours and keys left with no
-- calls), an insert adds its rows, an update does both. Inserts touch each (hour, key) once, in
-- key order, so concurrent writers of one hour queue on its rollup row rather than deadlock.
CREATE FUNCTION api_logs_roll_up() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE api_log_hours h
       SET requests = h.requests - d.requests, duration_sum = h.duration_sum - d.duration_sum
      FROM (SELECT date_trunc('hour', requested_at, 'UTC') AS hour, status_code, count(*) AS requests,
                   sum(duration_ms) AS duration_sum
              FROM old_rows GROUP BY 1, 2) d
     WHERE h.hour = d.hour AND h.status_code = d.status_code;
    UPDATE api_log_route_hours h
       SET requests = h.requests - d.requests, duration_sum = h.duration_sum - d.duration_sum
      FROM (SELECT date_trunc('hour', requested_at, 'UTC') AS hour, api_log_route(method, path) AS route,
                   count(*) AS requests, sum(duration_ms) AS duration_sum
              FROM old_rows GROUP BY 1, 2) d
     WHERE h.hour = d.hour AND h.route = d.route;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO api_log_hours AS h (hour, status_code, requests, duration_sum)
    SELECT date_trunc('hour', requested_at, 'UTC'), status_code, count(*), sum(duration_ms)
      FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (hour, status_code) DO UPDATE
       SET requests = h.requests + excluded.requests, duration_sum = h.duration_sum + excluded.duration_sum;
    INSERT INTO api_log_route_hours AS h (hour, route, requests, duration_sum)
    SELECT date_trunc('hour', requested_at, 'UTC'), api_log_route(method, path), count(*), sum(duration_ms)
      FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (hour, route) DO UPDATE
       SET requests = h.requests + excluded.requests, duration_sum = h.duration_sum + excluded.duration_sum;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM api_log_hours h
     WHERE h.requests = 0
       AND (h.hour, h.status_code) IN (SELECT date_trunc('hour', requested_at, 'UTC'), status_code FROM old_rows);
    DELETE FROM api_log_route_hours h
     WHERE h.requests = 0
       AND (h.hour, h.route) IN (SELECT date_trunc('hour', requested_at, 'UTC'), api_log_route(method, path) FROM old_rows);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION api_logs_roll_up_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE api_log_hours, api_log_route_hours;
  RETURN NULL;
END $$;

-- No log row is written while the rollups are filled from the rows already there (reads go on).
LOCK TABLE api_logs IN SHARE ROW EXCLUSIVE MODE;

CREATE TRIGGER api_logs_roll_up_insert AFTER INSERT ON api_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION api_logs_roll_up();
CREATE TRIGGER api_logs_roll_up_update AFTER UPDATE ON api_logs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION api_logs_roll_up();
CREATE TRIGGER api_logs_roll_up_delete AFTER DELETE ON api_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION api_logs_roll_up();
CREATE TRIGGER api_logs_roll_up_truncate AFTER TRUNCATE ON api_logs
  FOR EACH STATEMENT EXECUTE FUNCTION api_logs_roll_up_truncate();

INSERT INTO api_log_hours (hour, status_code, requests, duration_sum)
SELECT date_trunc('hour', requested_at, 'UTC'), status_code, count(*), sum(duration_ms)
  FROM api_logs GROUP BY 1, 2;
INSERT INTO api_log_route_hours (hour, route, requests, duration_sum)
SELECT date_trunc('hour', requested_at, 'UTC'), api_log_route(method, path), count(*), sum(duration_ms)
  FROM api_logs GROUP BY 1, 2;

-- Down Migration
DROP TRIGGER api_logs_roll_up_truncate ON api_logs;
DROP TRIGGER api_logs_roll_up_delete ON api_logs;
DROP TRIGGER api_logs_roll_up_update ON api_logs;
DROP TRIGGER api_logs_roll_up_insert ON api_logs;
DROP FUNCTION api_logs_roll_up_truncate();
DROP FUNCTION api_logs_roll_up();
DROP TABLE api_log_route_hours;
DROP TABLE api_log_hours;
DROP FUNCTION api_log_route(text, text) CASCADE;
DELETE FROM area_sql WHERE name IN ('v_api_logs', 'v_api_logs_record');
