/**
 * Demo exceptions: for every application, the errors any service of ours raises (timeouts, the
 * database, the network) and those of its own kind (declined payments, supplier faults, feed
 * parsing …). Times are relative to the day of seeding (so "last seen" reads as recent), every
 * other value derives from the row's position: the same rows for the same day. Production sees far
 * more than staging or test. Runs only on an empty table.
 */
import type { Queryable } from '../manifest.ts';

type Template = readonly [type: string, message: string];

const COMMON: readonly Template[] = [
  ['System.TimeoutException', 'The operation has timed out after 30000 ms'],
  ['Npgsql.PostgresException', '40001: could not serialize access due to concurrent update'],
  ['System.Net.Http.HttpRequestException', 'Connection refused (redis-cache:6379)'],
  ['System.OperationCanceledException', 'The operation was canceled because the client disconnected'],
  ['System.NullReferenceException', 'Object reference not set to an instance of an object'],
  ['System.OutOfMemoryException', 'Insufficient memory to continue the execution of the program'],
];
/** The errors of each team's own kind of work. */
const OWN: Readonly<Record<string, readonly Template[]>> = {
  Search: [
    ['SearchTimeoutException', 'Supplier availability did not answer within the search budget of 8 s'],
    [
      'Elasticsearch.Net.ElasticsearchClientException',
      'Request failed to execute: index bm-offers-v7 is read-only',
    ],
    ['InvalidSearchRequestException', 'Drop-off date is before the pick-up date'],
  ],
  Booking: [
    ['OfferExpiredException', 'The chosen offer is no longer available from the supplier'],
    ['SupplierBookingRejectedException', 'Supplier rejected the booking: driver age below minimum'],
    ['DuplicateReservationException', 'A reservation with this idempotency key already exists'],
    ['InventoryMismatchException', 'Supplier returned a car class that was not offered'],
  ],
  'Price-watch': [
    ['CrawlerBlockedException', 'HTTP 403 from supplier site: bot protection challenge'],
    ['PriceParseException', 'Could not read the total price from the result page'],
    ['java.net.SocketTimeoutException', 'Read timed out while fetching the rate page'],
  ],
  Payments: [
    ['PaymentDeclinedException', 'Issuer declined the authorisation: insufficient funds'],
    ['ThreeDSecureTimeoutException', 'The customer did not complete 3-D Secure within 10 minutes'],
    ['PspUnavailableException', 'Payment service provider answered 503 Service Unavailable'],
    ['RefundFailedException', 'Refund exceeds the captured amount'],
  ],
  'Partner integrations': [
    ['FeedParseException', 'Unexpected element <Location> at line 1842 of the merchant feed'],
    ['System.Xml.XmlException', 'Data at the root level is invalid. Line 1, position 1.'],
    ['PartnerAuthenticationException', 'The API key of the partner has expired'],
    ['RateLimitExceededException', 'Partner exceeded 50 requests per second'],
  ],
  Web: [
    ['ChunkLoadError', 'Loading chunk 412 failed after a deployment'],
    ['BookingNotFoundException', 'No reservation matches the number and e-mail given'],
  ],
  Mobile: [
    ['PushTokenInvalidException', 'The APNs device token is no longer valid'],
    ['UnsupportedAppVersionException', 'App version 4.2.0 is below the supported minimum'],
  ],
  Platform: [
    ['SmtpException', 'Mailbox unavailable: 550 5.1.1 recipient address rejected'],
    ['SmsDeliveryException', 'SMS provider reported the number as unreachable'],
    ['TokenValidationException', 'The signature of the access token is not valid'],
  ],
  Finance: [
    ['InvoiceMismatchException', "Supplier invoice total differs from the reservation's by more than 1 %"],
    ['CurrencyRateMissingException', 'No exchange rate for CHF on the invoice date'],
  ],
  Content: [['ReviewImportException', 'The review provider returned an empty page']],
  Catalogue: [
    ['MappingConflictException', 'The merchant record is already mapped to another location'],
    ['GeocodingException', 'No coordinates found for the office address'],
  ],
};
const STATUSES = [
  'new',
  'acknowledged',
  'resolved',
  'new',
  'ignored',
  'acknowledged',
  'resolved',
  'resolved',
];

interface App {
  id: number;
  team: string;
  environment: string;
}

export async function seedExceptions(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM em_exceptions');
  if ((rows[0]?.n ?? 0) > 0) return;
  const apps = await db.query<App>(
    'SELECT id, owning_team AS team, environment FROM em_applications ORDER BY id',
  );
  const policies = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM em_escalation_policies',
  );
  const policy = new Map(policies.rows.map((p) => [p.name, p.id]));
  const values: unknown[] = [];
  const tuples: string[] = [];
  let n = 0;
  for (const app of apps.rows) {
    const production = app.environment === 'production';
    // Production raises every kind; the other environments the common ones and half their own.
    const own = OWN[app.team] ?? [];
    const templates = production
      ? [...COMMON, ...own]
      : [...COMMON.slice(0, 3), ...own.filter((_, i) => i % 2 === 0)];
    for (const [type, message] of templates) {
      n++;
      const status = STATUSES[(n * 3) % STATUSES.length] as string;
      // Every twelfth one was registered by staff ahead of time and has not happened yet.
      const neverSeen = n % 12 === 7;
      const firstDays = 3 + ((n * 37) % 85);
      const lastMinutes = ((n * 7919) % (firstDays * 1440)) % (status === 'resolved' ? 40000 : 4000);
      const occurrences = neverSeen
        ? 0
        : Math.round((production ? 40 : 3) * (1 + ((n * 131) % 97)) ** 1.6) + 1;
      // Alerts go through the team's critical policy for production, its business-hours one else;
      // ignored exceptions and non-production ones now and then alert nobody.
      const name = `${app.team} ${production && n % 3 !== 0 ? 'critical 24/7' : 'business hours'}`;
      const policyId =
        status === 'ignored' || (!production && n % 4 === 0) ? null : (policy.get(name) ?? null);
      const row = [
        app.id,
        type,
        message,
        neverSeen ? null : firstDays,
        neverSeen ? null : lastMinutes,
        occurrences,
        neverSeen ? 'new' : status,
        policyId,
      ];
      const base = values.length;
      const p = (j: number) => `$${base + j}`;
      tuples.push(
        `(${p(1)}::int, ${p(2)}::text, ${p(3)}::text,
          date_trunc('day', now()) - make_interval(days => ${p(4)}::int) + make_interval(mins => ${p(1)}::int * 7 % 1440),
          date_trunc('day', now()) - make_interval(mins => ${p(5)}::int),
          ${p(6)}::bigint, ${p(7)}::text, ${p(8)}::int)`,
      );
      values.push(...row);
    }
  }
  await db.query(
    `INSERT INTO em_exceptions (application_id, exception_type, message, first_seen, last_seen, occurrences,
       status, escalation_policy_id, created_by, updated_by)
     SELECT a, ty, m, f, greatest(l, f), o, s, pol, 'monitoring@bmtools.local', 'monitoring@bmtools.local'
       FROM (VALUES ${tuples.join(', ')}) AS v (a, ty, m, f, l, o, s, pol)`,
    values,
  );
}
