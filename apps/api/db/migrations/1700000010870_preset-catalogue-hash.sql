-- Up Migration
-- The shipped default presets reach an existing database by the hash of their content, as the
-- areas' generated SQL does (src/catalog/sync-presets.ts, docs/adr/0025-one-sync-rule.md). Each
-- default row the start-up sync writes records the sha256 of the definition it wrote; a row whose
-- definition no longer hashes to it was changed since by a person. A row without a hash was written
-- before this column: the next start records it when the row still equals the shipped definition.

ALTER TABLE presets ADD COLUMN catalogue_hash text;

-- Down Migration
ALTER TABLE presets DROP COLUMN catalogue_hash;
