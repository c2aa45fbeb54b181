-- Up Migration
-- Customer service cases: a customer's question or complaint, through e-mail, phone or chat, often
-- about one reservation, worked on by an agent until it is closed. The list view, record view and
-- save/delete procedures are generated from the area's manifest (docs/areas.md).

CREATE TABLE customer_service_cases (
  id serial PRIMARY KEY,
  -- Optional: some questions come before a booking. A deleted reservation leaves the case standing.
  reservation_id bigint REFERENCES reservations (id) ON DELETE SET NULL,
  customer_email text NOT NULL CONSTRAINT customer_service_cases_customer_email_check
    CHECK (customer_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' AND length(customer_email) <= 200),
  subject text NOT NULL CONSTRAINT customer_service_cases_subject_check
    CHECK (length(btrim(subject)) BETWEEN 1 AND 200),
  channel text NOT NULL CONSTRAINT customer_service_cases_channel_check CHECK (channel IN ('email', 'phone', 'chat')),
  priority text NOT NULL DEFAULT 'normal' CONSTRAINT customer_service_cases_priority_check
    CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  status text NOT NULL DEFAULT 'open' CONSTRAINT customer_service_cases_status_check
    CHECK (status IN ('open', 'waiting_on_customer', 'resolved', 'closed')),
  assigned_to text CONSTRAINT customer_service_cases_assigned_to_check
    CHECK (assigned_to IS NULL OR assigned_to ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  opened_at timestamptz NOT NULL DEFAULT now(),
  -- A closed case has the time it was closed; only a resolved or closed case has one, never
  -- before it was opened.
  closed_at timestamptz,
  notes text CONSTRAINT customer_service_cases_notes_check CHECK (notes IS NULL OR length(notes) <= 4000),
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT customer_service_cases_closed_at_check CHECK (
    (status <> 'closed' OR closed_at IS NOT NULL)
    AND (closed_at IS NULL OR status IN ('resolved', 'closed'))
    AND (closed_at IS NULL OR closed_at >= opened_at))
);
CREATE INDEX customer_service_cases_reservation_idx ON customer_service_cases (reservation_id);
CREATE INDEX customer_service_cases_status_idx ON customer_service_cases (status, priority);
CREATE INDEX customer_service_cases_email_idx ON customer_service_cases (customer_email);
CREATE INDEX customer_service_cases_opened_idx ON customer_service_cases (opened_at);

-- Down Migration
DROP TABLE customer_service_cases CASCADE;
DELETE FROM area_sql WHERE name IN ('v_customer_service_cases', 'v_customer_service_cases_record',
  'bm_customer_service_cases_save', 'bm_customer_service_cases_delete');
