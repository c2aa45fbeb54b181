/**
 * Demo Open API documents: five of the partner APIs, in both formats, each a valid OpenAPI 3
 * document (the area test checks them with the same validator the save runs). Runs only on an
 * empty table.
 */
import type { Queryable } from '../manifest.ts';

const AVAILABILITY_SEARCH = `openapi: 3.0.3
info:
  title: Availability Search API
  version: 2.3.0
  description: Car rental offers for a pick-up and drop-off place and time.
  contact:
    name: Partner integrations
    email: partners@bmtools.example
servers:
  - url: https://api.bmtools.example/search/v2
security:
  - apiKey: []
paths:
  /availability:
    get:
      operationId: searchAvailability
      summary: Offers for a rental
      parameters:
        - name: pickUpLocation
          in: query
          required: true
          description: IATA code or location id
          schema: { type: string, example: MAD }
        - name: dropOffLocation
          in: query
          schema: { type: string }
        - name: pickUpAt
          in: query
          required: true
          schema: { type: string, format: date-time }
        - name: dropOffAt
          in: query
          required: true
          schema: { type: string, format: date-time }
        - name: driverAge
          in: query
          schema: { type: integer, minimum: 18, maximum: 99, default: 30 }
        - name: currency
          in: query
          schema: { type: string, pattern: '^[A-Z]{3}$', default: EUR }
      responses:
        '200':
          description: Offers, cheapest first
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Offer' }
        '400':
          description: A parameter is missing or malformed
        '401':
          description: The API key is missing, unknown, disabled or expired
  /locations/{code}:
    get:
      operationId: getLocation
      parameters:
        - name: code
          in: path
          required: true
          schema: { type: string }
      responses:
        '200':
          description: The location
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Location' }
        '404':
          description: No such location
components:
  securitySchemes:
    apiKey:
      type: apiKey
      in: header
      name: X-Api-Key
  schemas:
    Offer:
      type: object
      required: [offerId, supplier, carClass, totalPrice]
      properties:
        offerId: { type: string }
        supplier: { type: string, example: Sixt }
        carClass: { type: string, example: Compact }
        acrissCode: { type: string, example: CDMR }
        totalPrice: { type: number, format: double }
        currency: { type: string, example: EUR }
        freeCancellation: { type: boolean }
    Location:
      type: object
      properties:
        code: { type: string }
        name: { type: string }
        countryCode: { type: string }
        latitude: { type: number }
        longitude: { type: number }
`;

const BOOKING = JSON.stringify(
  {
    openapi: '3.0.3',
    info: {
      title: 'Booking API',
      version: '1.8.2',
      description: 'Book an offer found by the Availability Search API, read and cancel bookings.',
    },
    servers: [{ url: 'https://api.bmtools.example/booking/v1' }],
    security: [{ apiKey: [] }],
    paths: {
      '/bookings': {
        post: {
          operationId: 'createBooking',
          summary: 'Book an offer',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/BookingRequest' } } },
          },
          responses: {
            '201': {
              description: 'Booked',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Booking' } } },
            },
            '409': { description: 'The offer is no longer available' },
            '422': { description: 'The driver does not meet the supplier terms' },
          },
        },
      },
      '/bookings/{reference}': {
        parameters: [{ name: 'reference', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getBooking',
          responses: {
            '200': {
              description: 'The booking',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Booking' } } },
            },
            '404': { description: 'No booking with this reference for your account' },
          },
        },
        delete: {
          operationId: 'cancelBooking',
          summary: 'Cancel a booking',
          responses: {
            '204': { description: 'Cancelled' },
            '409': { description: 'The rental has started and can no longer be cancelled' },
          },
        },
      },
    },
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
      schemas: {
        BookingRequest: {
          type: 'object',
          required: ['offerId', 'driver'],
          properties: {
            offerId: { type: 'string' },
            driver: {
              type: 'object',
              required: ['firstName', 'lastName', 'email', 'age'],
              properties: {
                firstName: { type: 'string' },
                lastName: { type: 'string' },
                email: { type: 'string', format: 'email' },
                age: { type: 'integer', minimum: 18 },
              },
            },
            flightNumber: { type: 'string', example: 'IB3170' },
          },
        },
        Booking: {
          type: 'object',
          properties: {
            reference: { type: 'string', example: 'BM-7Q2K9X' },
            status: { type: 'string', enum: ['confirmed', 'cancelled', 'completed'] },
            pickUpAt: { type: 'string', format: 'date-time' },
            dropOffAt: { type: 'string', format: 'date-time' },
            totalPrice: { type: 'number' },
            currency: { type: 'string' },
          },
        },
      },
    },
  },
  null,
  2,
);

const PRICE_WATCH_FEED = `openapi: 3.0.3
info:
  title: Price-watch Feed API
  version: 3.0.1
  description: Daily price observations per location, supplier and car class, for partners' own dashboards.
servers:
  - url: https://api.bmtools.example/pricewatch/v3
security:
  - apiKey: []
paths:
  /observations:
    get:
      operationId: listObservations
      parameters:
        - name: country
          in: query
          required: true
          schema: { type: string, pattern: '^[A-Z]{2}$' }
        - name: date
          in: query
          required: true
          schema: { type: string, format: date }
        - name: cursor
          in: query
          description: The nextCursor of the previous page
          schema: { type: string }
      responses:
        '200':
          description: One page of observations
          content:
            application/json:
              schema:
                type: object
                properties:
                  items:
                    type: array
                    items: { $ref: '#/components/schemas/Observation' }
                  nextCursor: { type: string, nullable: true }
        '429':
          description: More than 60 calls in a minute
  /observations/export:
    post:
      operationId: requestExport
      summary: A whole month as CSV, prepared in the background
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [country, month]
              properties:
                country: { type: string }
                month: { type: string, example: 2026-10 }
      responses:
        '202':
          description: Accepted; the file's address follows by webhook
components:
  securitySchemes:
    apiKey: { type: apiKey, in: header, name: X-Api-Key }
  schemas:
    Observation:
      type: object
      properties:
        observedAt: { type: string, format: date-time }
        locationCode: { type: string }
        supplier: { type: string }
        carClass: { type: string }
        rentalDays: { type: integer }
        lowestPrice: { type: number }
        currency: { type: string }
`;

const WEBHOOKS = `openapi: 3.1.0
info:
  title: Partner Webhooks
  version: 1.2.0
  description: >-
    Events we post to the address a partner registers. Each call is signed with HMAC-SHA256 in the
    X-BM-Signature header; answer 2xx within 10 seconds or the event is retried for 24 hours.
webhooks:
  bookingChanged:
    post:
      operationId: bookingChanged
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [event, reference, status, occurredAt]
              properties:
                event: { const: booking.changed }
                reference: { type: string }
                status: { type: string, enum: [confirmed, amended, cancelled, completed] }
                occurredAt: { type: string, format: date-time }
      responses:
        '200':
          description: Received
  exportReady:
    post:
      operationId: exportReady
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                event: { const: export.ready }
                url: { type: string, format: uri }
                expiresAt: { type: string, format: date-time }
      responses:
        '200':
          description: Received
`;

const ACCOUNT = JSON.stringify(
  {
    openapi: '3.1.0',
    info: {
      title: 'Partner Account API',
      version: '1.0.0',
      description: "A partner's own usage: calls per day and the state of its API keys.",
    },
    servers: [{ url: 'https://api.bmtools.example/account/v1' }],
    paths: {
      '/usage': {
        get: {
          operationId: 'getUsage',
          parameters: [
            { name: 'from', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
            { name: 'to', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
          ],
          responses: {
            '200': {
              description: 'Calls per day and API',
              content: {
                'application/json': {
                  schema: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {
                        day: { type: 'string', format: 'date' },
                        api: { type: 'string' },
                        calls: { type: 'integer' },
                        errors: { type: 'integer' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      '/keys': {
        get: {
          operationId: 'listKeys',
          summary: 'Your keys: description, expiry, last use (never the key)',
          responses: { '200': { description: 'The keys' } },
        },
      },
    },
  },
  null,
  2,
);

/** Name, version, description, format, document, published, days since the last change. */
const DOCUMENTS: [string, string, string, 'json' | 'yaml', string, boolean, number][] = [
  [
    'Availability Search API',
    '2.3.0',
    'Offers for a pick-up and drop-off place and time; the entry point of every partner integration.',
    'yaml',
    AVAILABILITY_SEARCH,
    true,
    12,
  ],
  [
    'Booking API',
    '1.8.2',
    'Book an offer from the search, read and cancel bookings.',
    'json',
    BOOKING,
    true,
    30,
  ],
  [
    'Price-watch Feed API',
    '3.0.1',
    'Daily price observations for partners with their own dashboards.',
    'yaml',
    PRICE_WATCH_FEED,
    true,
    45,
  ],
  [
    'Partner Webhooks',
    '1.2.0',
    'Events posted to partners: booking changes and finished exports.',
    'yaml',
    WEBHOOKS,
    true,
    3,
  ],
  [
    'Partner Account API',
    '1.0.0',
    'Usage and key status for a partner; in review, not yet published.',
    'json',
    ACCOUNT,
    false,
    1,
  ],
];

export const DEMO_DOCUMENTS = DOCUMENTS.map(([name, , , format, document]) => ({ name, format, document }));

const EDITORS = ['admin@bmtools.local', 'editor@bmtools.local'];

export async function seedOpenApiDocuments(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM open_api_documents');
  if ((rows[0]?.n ?? 0) > 0) return;
  const values: unknown[] = [];
  const tuples = DOCUMENTS.map(([name, version, description, format, document, published, days], i) => {
    const base = values.length;
    values.push(name, version, description, format, document, published, days, EDITORS[i % 2]);
    const p = (n: number) => `$${base + n}`;
    return `(${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(8)}, ${p(8)},
      now() - make_interval(days => ${p(7)}::int + 60), now() - make_interval(days => ${p(7)}::int))`;
  });
  await db.query(
    `INSERT INTO open_api_documents (name, api_version, description, format, document, is_published,
       created_by, updated_by, created_at, updated_at)
     VALUES ${tuples.join(', ')}`,
    values,
  );
}
