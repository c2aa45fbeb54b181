-- Up Migration
-- Which catalogue menu entries each stored menu has been offered (docs/adr/0009-menu-sync.md), keyed
-- `group:<name>` or `link:<linkTo>`. The start's menu sync adds a catalogue entry whose key is not
-- recorded here, once, and records it; a recorded entry is never added again, so staff's deletions,
-- renames, moves and hidden entries stand.

CREATE TABLE menu_catalog_entries (
  menu_id integer NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
  entry_key text NOT NULL,
  offered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (menu_id, entry_key)
);

-- A main menu that already exists was built from the default menu of the versions before this one:
-- record those entries as offered, so an entry staff deleted from it is not brought back. Entries the
-- catalogue gained since are not listed, so the next start adds them.
INSERT INTO menu_catalog_entries (menu_id, entry_key)
SELECT 1, entry_key FROM (VALUES
  ('group:Price-watch'),
  ('link:/pricewatchLocation/list'),
  ('link:/pricewatchOption/list'),
  ('link:/pricewatchcar/list'),
  ('link:/pricewatchcarClass/list'),
  ('link:/pricewatchsupplier/list'),
  ('link:/pricewatchIncludedItem/list'),
  ('link:/pricewatchOffice/list'),
  ('group:Merchant'),
  ('link:/merchantlocation/list'),
  ('link:/merchantOption/list'),
  ('link:/merchantmapcar/list'),
  ('link:/merchantCarClass/list'),
  ('link:/merchantSupplier/list'),
  ('link:/merchantIncludedItem/list'),
  ('link:/merchantOffice/list'),
  ('group:Content'),
  ('link:/page/list'),
  ('link:/resource/list'),
  ('link:/translationresource/list'),
  ('link:/translationinterception/list'),
  ('link:/interception/list'),
  ('link:/interceptiontrigger/list'),
  ('link:/productplacement/list'),
  ('link:/locationkeyword/list'),
  ('link:/review/list'),
  ('group:Reservations & payments'),
  ('link:/reservation/list'),
  ('link:/customerreservation/list'),
  ('link:/customerreservationlog/list'),
  ('link:/payment/list'),
  ('link:/chargeback/list'),
  ('link:/prepaidcredit/list'),
  ('link:/customerservicecase/list'),
  ('link:/insurance/list'),
  ('group:Exception management'),
  ('link:/application/list'),
  ('link:/contact/list'),
  ('link:/escalationpolicy/list'),
  ('link:/exception/list'),
  ('link:/exceptionthreshold/list'),
  ('group:Tools'),
  ('link:/mongoManagement'),
  ('link:/replicationManagement'),
  ('link:/searchReservation'),
  ('link:/roadmapManagement'),
  ('link:/campingMonkeyManagement'),
  ('link:/carCompareManagement'),
  ('link:/marketingManagement'),
  ('link:/reconcilitationManagement'),
  ('group:Administration'),
  ('link:/preset/list'),
  ('link:/presets-new/list'),
  ('link:/menu/list'),
  ('link:/export/list'),
  ('link:/OpenApiDocument/list'),
  ('link:/accountapikey/list'),
  ('link:/apilogs/list')
) AS previous (entry_key)
WHERE EXISTS (SELECT 1 FROM menus WHERE id = 1);

-- Down Migration
DROP TABLE menu_catalog_entries;
