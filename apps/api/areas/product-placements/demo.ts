/**
 * Demo product placement rules: deterministic, one or two per country and supplier pairing, with
 * realistic slots, positions and validity windows. Runs only on an empty table.
 */
import type { Queryable } from '../manifest.ts';

const COUNTRIES = ['ES', 'PT', 'IT', 'FR', 'DE', 'GB', 'GR', 'NL', 'IE', 'US'];
const SUPPLIERS = ['Hertz', 'Avis', 'Europcar', 'Sixt', 'Enterprise', 'Budget', 'Goldcar', 'Alamo'];
const PLACEMENTS = ['top', 'featured', 'sponsored', 'bottom'];
const CLASSES = [null, 'Mini', 'Economy', 'Compact', 'Intermediate', 'SUV', 'Premium', 'Van'];
const EDITORS = ['editor@bmtools.local', 'admin@bmtools.local'];

export async function seedProductPlacements(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM product_placements');
  if ((rows[0]?.n ?? 0) > 0) return;
  const values: unknown[] = [];
  const tuples: string[] = [];
  for (let i = 0; i < 48; i++) {
    const country = COUNTRIES[i % COUNTRIES.length] as string;
    const supplier = SUPPLIERS[(i * 3) % SUPPLIERS.length] as string;
    const placement = PLACEMENTS[i % PLACEMENTS.length] as string;
    const carClass = CLASSES[(i * 5) % CLASSES.length] ?? null;
    const month = (i % 12) + 1;
    const from = `2026-${String(month).padStart(2, '0')}-01`;
    // Every fourth rule is open-ended; the others run for one to three months.
    const to = i % 4 === 3 ? null : `2026-${String(Math.min(12, month + (i % 3) + 1)).padStart(2, '0')}-01`;
    const name = `${supplier} ${carClass ?? 'all classes'} ${placement} in ${country}`;
    const row = [
      name,
      placement,
      country,
      supplier,
      carClass,
      (i % 5) + 1,
      from,
      to,
      i % 7 !== 6,
      i % 6 === 0 ? 'Agreed in the quarterly supplier review' : null,
      EDITORS[i % 2],
    ];
    const base = values.length;
    tuples.push(`(${row.map((_, j) => `$${base + j + 1}`).join(', ')}, $${base + row.length})`);
    values.push(...row);
  }
  await db.query(
    `INSERT INTO product_placements (name, placement, country_code, supplier, car_class, position, valid_from,
       valid_to, is_active, notes, created_by, updated_by)
     VALUES ${tuples.join(', ')}`,
    values,
  );
}
