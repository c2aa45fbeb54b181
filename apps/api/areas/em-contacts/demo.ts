/**
 * Demo contacts: three to four on-call engineers per team of the demo applications, plus the
 * duty managers every critical policy ends with. Deterministic; runs only on an empty table.
 */
import type { Queryable } from '../manifest.ts';

const FIRST = [
  'Anna',
  'Ben',
  'Carla',
  'David',
  'Elena',
  'Felix',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Klara',
  'Luca',
  'Marta',
  'Nico',
  'Olga',
  'Pablo',
  'Rosa',
  'Sven',
  'Tara',
  'Yusuf',
  'Zoe',
  'Omar',
  'Lena',
];
const LAST = [
  'Schmidt',
  'Garcia',
  'Rossi',
  'Dubois',
  'Jansen',
  'Novak',
  'Silva',
  'Murphy',
  'Kowalski',
  'Berg',
  'Costa',
  'Fischer',
  'Moreau',
  'Lopez',
  'Weber',
  'Bianchi',
  'Keller',
  'Nowak',
  'Petrov',
];
/** The teams of the demo applications, and the duty managers. */
const TEAMS = [
  'Search',
  'Booking',
  'Price-watch',
  'Payments',
  'Partner integrations',
  'Web',
  'Mobile',
  'Platform',
  'Finance',
  'Content',
  'Catalogue',
  'Duty managers',
];

export async function seedContacts(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM em_contacts');
  if ((rows[0]?.n ?? 0) > 0) return;
  const values: unknown[] = [];
  const tuples: string[] = [];
  let n = 0;
  TEAMS.forEach((team, t) => {
    // Three per team; every other team has a fourth, and the fourth of every third team has left
    // the rota (disabled, named by no policy).
    const size = t % 2 === 0 ? 4 : 3;
    for (let k = 0; k < size; k++, n++) {
      const first = FIRST[(n * 5) % FIRST.length] as string;
      const last = LAST[(n * 7 + t) % LAST.length] as string;
      const row = [
        `${first} ${last}`,
        `${first.toLowerCase()}.${last.toLowerCase()}${n}@bmtools.local`,
        // Berlin, Madrid and Lisbon offices; every fifth has no phone (e-mail alerts only).
        n % 5 === 4
          ? null
          : `${['+49 30', '+34 91', '+351 21'][n % 3]} ${String(5550000 + n * 137).slice(0, 7)}`,
        team,
        !(k === 3 && t % 3 === 0),
      ];
      const base = values.length;
      tuples.push(
        `(${row.map((_, j) => `$${base + j + 1}`).join(', ')}, 'admin@bmtools.local', 'admin@bmtools.local')`,
      );
      values.push(...row);
    }
  });
  await db.query(
    `INSERT INTO em_contacts (name, email, phone, team, enabled, created_by, updated_by) VALUES ${tuples.join(', ')}`,
    values,
  );
}
