-- 0300: an item (Barang) may be for one class only, e.g. "Buku Paket Kelas 1": the parent's Pesan Barang then
-- offers it only to a child registered in that class. Empty = every class (of its school, or of every school).

ALTER TABLE mst_items ADD COLUMN mst_class_id integer;
ALTER TABLE mst_items ADD CONSTRAINT mst_items_class_fk FOREIGN KEY (tenant_id, mst_class_id)
  REFERENCES mst_classes (tenant_id, id);
CREATE INDEX mst_items_class_idx ON mst_items (tenant_id, mst_class_id) WHERE mst_class_id IS NOT NULL;
