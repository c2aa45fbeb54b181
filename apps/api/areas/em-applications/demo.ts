/**
 * Demo applications: the company's services, each in production and most in staging too, with the
 * team that owns it and its repository. Deterministic; runs only on an empty table.
 */
import type { Queryable } from '../manifest.ts';

/** Name, owning team, repository slug, what it does. */
const SERVICES: readonly (readonly [string, string, string, string])[] = [
  ['Search API', 'Search', 'search-api', 'Answers car-hire searches from the comparison site and apps'],
  ['Booking engine', 'Booking', 'booking-engine', 'Takes a chosen offer through to a confirmed reservation'],
  [
    'Price-watch crawler',
    'Price-watch',
    'pricewatch-crawler',
    "Collects suppliers' prices for the comparison",
  ],
  ['Payment gateway', 'Payments', 'payment-gateway', 'Authorises and captures card and wallet payments'],
  [
    'Partner feeds importer',
    'Partner integrations',
    'partner-feeds',
    "Imports merchants' location and fleet feeds",
  ],
  [
    'Supplier XML connector',
    'Partner integrations',
    'supplier-xml',
    'Talks OTA XML to the suppliers without a JSON API',
  ],
  ['Customer portal', 'Web', 'customer-portal', 'Manage-my-booking pages for customers'],
  ['Mobile backend', 'Mobile', 'mobile-bff', 'Backend for the iOS and Android apps'],
  ['Notification service', 'Platform', 'notifications', 'Sends booking e-mails, SMS and push messages'],
  ['Reconciliation jobs', 'Finance', 'reconciliation', "Matches suppliers' invoices against reservations"],
  ['Review collector', 'Content', 'review-collector', 'Asks customers for reviews after the rental'],
  [
    'Mapping service',
    'Catalogue',
    'mapping-service',
    "Maps merchants' records onto the price-watch catalogue",
  ],
  ['Public partner API', 'Partner integrations', 'partner-api', 'The REST API partners book through'],
  ['Identity service', 'Platform', 'identity', 'Sign-in for staff, customers and partners'],
];

export async function seedApplications(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM em_applications');
  if ((rows[0]?.n ?? 0) > 0) return;
  const values: unknown[] = [];
  const tuples: string[] = [];
  SERVICES.forEach(([name, team, slug, description], i) => {
    // Every service runs in production; all but two in staging, a few in test as well.
    const environments = [
      'production',
      ...(i % 7 === 5 ? [] : ['staging']),
      ...(i % 4 === 1 ? ['test'] : []),
    ];
    for (const environment of environments) {
      const row = [
        name,
        description,
        team,
        environment,
        `https://git.bmtools.local/${team.toLowerCase().replaceAll(' ', '-')}/${slug}`,
        // The test copy of the reconciliation jobs is switched off.
        !(environment === 'test' && i === 9),
      ];
      const base = values.length;
      tuples.push(
        `(${row.map((_, j) => `$${base + j + 1}`).join(', ')}, 'admin@bmtools.local', 'admin@bmtools.local')`,
      );
      values.push(...row);
    }
  });
  await db.query(
    `INSERT INTO em_applications (name, description, owning_team, environment, repository_url, enabled,
       created_by, updated_by)
     VALUES ${tuples.join(', ')}`,
    values,
  );
}
