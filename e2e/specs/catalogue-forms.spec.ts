/**
 * The location and office forms in Chromium: the location type decides which levels and fields
 * show and which are required; the level lookups cascade (each with its loading flag, province and
 * city 20 at a time) and the save sends ids, never names or hidden fields. The office type reloads
 * the location's name and type, clears a location that does not fit, and clears all three when it
 * is cleared itself; on a slow network a location chosen before its type arrives is kept.
 */
import { expect, type Page, type Request } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { pickOption, toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { gridRows } from '../support/list-helpers.ts';
import { gate } from '../support/settle.ts';
import { navbar, openGroup } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

const form = (page: Page) => page.getByRole('form', { name: 'Record form' });
const box = (page: Page, label: string | RegExp) => form(page).getByRole('textbox', { name: label });

async function idOf(code: string): Promise<number> {
  const [row] = await query<{ id: number }>('SELECT id FROM pricewatch_locations WHERE code = $1', [code]);
  if (!row) throw new Error(`no location ${code}`);
  return row.id;
}

const paramsOf = (url: string | undefined) => Object.fromEntries(new URL(url ?? '').searchParams);

/** Types into a lookup field and chooses the suggestion. */
async function choose(page: Page, label: string, typed: string, option: string): Promise<void> {
  const input = box(page, label);
  await input.fill('');
  await input.pressSequentially(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

test('the location type decides the layout, the levels cascade, and the save sends ids only', async ({
  page,
}) => {
  const europe = await idOf('CT-EU');
  const spain = await idOf('ES');
  const madrid = await idOf('ES-MD');
  const asia = await idOf('CT-AS');
  // A lookup's option reads 'id - name' (the engine's rule when value and name differ).
  const [EU, ES, MD] = [`${europe} - Europe`, `${spain} - Spain`, `${madrid} - Madrid`];
  const lookups: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/dropdowns/locations?')) lookups.push(r.url());
  });

  await page.goto('/pricewatchLocation/create');
  await waitForForm(page);
  // Until the type is chosen, no level and no coordinate shows.
  await expect(box(page, 'Continent')).toHaveCount(0);
  await expect(box(page, 'Latitude')).toHaveCount(0);

  await pickOption(page, 'Location type', '4 - City');
  for (const shown of ['Continent', 'Country', 'Province', 'Latitude', 'Longitude', 'Windows time zone'])
    await expect(box(page, shown)).toBeVisible();
  for (const hidden of ['City', 'Geo group', 'Currency']) await expect(box(page, hidden)).toHaveCount(0);

  // Required per layout, said under each field and in the summary (a create form offers Save and
  // close only; refused, it stays).
  await toolbarButton(page, 'Save and close').click();
  const summary = page.getByRole('alert', { name: 'Form errors' });
  for (const level of ['Continent', 'Country', 'Province'])
    await expect(summary.getByRole('button', { name: level, exact: true })).toBeVisible();
  // The three levels, besides Name and Code, which every layout requires.
  await expect(form(page).getByText('This field is required')).toHaveCount(5);

  // A geo group has no coordinates or time zone, and sits under a continent only.
  await pickOption(page, 'Location type', '8 - Geo group');
  await expect(box(page, 'Continent')).toBeVisible();
  for (const hidden of ['Latitude', 'Longitude', 'Windows time zone', 'Country', 'Province'])
    await expect(box(page, hidden)).toHaveCount(0);
  await pickOption(page, 'Location type', '4 - City');

  // Each lookup shows that it is looking up: the answer is held until the form says so.
  const lookup = gate();
  await page.route(/\/api\/dropdowns\/locations\?/, async (route) => {
    await lookup.passed;
    await route.continue();
  });
  await box(page, 'Continent').pressSequentially('Euro');
  await expect(form(page).getByLabel('Looking up')).toBeVisible();
  lookup.open();
  await page.getByRole('option', { name: EU, exact: true }).click();
  await page.unroute(/\/api\/dropdowns\/locations\?/);

  await choose(page, 'Country', 'Spai', ES);
  expect(paramsOf(lookups.at(-1))).toEqual({
    locationTypeId: '2',
    continentId: String(europe),
    pageSize: '1000',
    name: 'Spai',
  });
  await choose(page, 'Province', 'Madri', MD);
  expect(paramsOf(lookups.at(-1))).toEqual({
    locationTypeId: '3',
    countryId: String(spain),
    pageSize: '20',
    name: 'Madri',
  });

  // Choosing another continent empties the levels below it.
  await choose(page, 'Continent', 'Asi', `${asia} - Asia`);
  await expect(box(page, 'Country')).toHaveValue('');
  await expect(box(page, 'Province')).toHaveValue('');
  await choose(page, 'Continent', 'Euro', EU);
  await choose(page, 'Country', 'Spai', ES);
  await choose(page, 'Province', 'Madri', MD);

  const code = `ES-E2E-${Date.now().toString(36).toUpperCase()}`;
  await box(page, /^Name/).fill('E2E Alcalá');
  await box(page, /^Code/).fill(code);
  await box(page, 'Latitude').fill('40.48');
  await box(page, 'Longitude').fill('-3.36');
  const posted = page.waitForRequest(
    (r: Request) => r.method() === 'POST' && r.url().endsWith('/api/pricewatchlocations'),
  );
  await toolbarButton(page, 'Save and close').click();
  const body = (await posted).postDataJSON() as { values: { mapkey: string; value: unknown }[] };
  const sent = Object.fromEntries(body.values.map((v) => [v.mapkey, v.value]));
  expect(sent).toMatchObject({
    locationTypeId: 4,
    continentId: String(europe),
    countryId: String(spain),
    provinceId: String(madrid),
    cityId: null,
    geoGroupId: null,
  });
  for (const never of ['continentName', 'countryName', 'provinceName', 'cityName', 'locationTypeName'])
    expect(sent).not.toHaveProperty(never);
  // Shown only for a country, so not sent for a city.
  expect(sent).not.toHaveProperty('currencyCode');

  await page.waitForURL(/\/pricewatchLocation\/list/);
  const [row] = await query<{ parent_id: number; province_id: number; latitude: string }>(
    'SELECT parent_id, province_id, latitude FROM pricewatch_locations WHERE code = $1',
    [code],
  );
  expect(row).toEqual({ parent_id: madrid, province_id: madrid, latitude: '40.480000' });
});

test('the office type reloads the location, clears one that does not fit, and all three when cleared', async ({
  page,
}) => {
  const [office] = await query<{ id: number; locationId: number; location: string }>(
    `SELECT o.id, l.id AS "locationId", l.name AS location FROM pricewatch_offices o
       JOIN pricewatch_locations l ON l.id = o.location_id WHERE o.office_type = 'city' ORDER BY o.id LIMIT 1`,
  );
  const [station] = await query<{ id: number; name: string }>(
    'SELECT id, name FROM pricewatch_locations WHERE location_type_id = 6 ORDER BY id LIMIT 1',
  );
  if (!office || !station) throw new Error('the demo data has no city office or train station');
  await page.goto(`/pricewatchOffice/edit/${office.id}`);
  await waitForForm(page);
  const location = box(page, /^Location(?! type)/);
  const type = form(page).getByRole('combobox', { name: 'Location type' });
  await expect(location).toHaveValue(office.location);
  await expect(type).toHaveValue('4 - City');

  // An airport kind needs an airport: the reloaded city does not fit and is cleared.
  const reload = page.waitForRequest((r) =>
    r.url().includes(`/api/dropdowns/office-locations?locationId=${office.locationId}`),
  );
  await pickOption(page, 'Office type', 'airport_terminal - Airport terminal');
  await reload;
  await expect(location).toHaveValue('');
  // …and the cleared location's type goes with it, not left behind as "City".
  await expect(type).toHaveValue('');

  // A train station office: choosing a station reloads its type.
  await pickOption(page, 'Office type', 'train_station - Train station');
  const stationOption = `${station.id} - ${station.name} · Train station`;
  await location.pressSequentially(station.name.slice(0, 9));
  await page.getByRole('option', { name: stationOption, exact: true }).click();
  await expect(type).toHaveValue('6 - Train station');

  // Clearing the office type clears the location and its type.
  await form(page).getByRole('button', { name: 'Clear Office type' }).click();
  await expect(location).toHaveValue('');
  await expect(type).toHaveValue('');

  await pickOption(page, 'Office type', 'train_station - Train station');
  await location.pressSequentially(station.name.slice(0, 9));
  await page.getByRole('option', { name: stationOption, exact: true }).click();
  await expect(type).toHaveValue('6 - Train station');
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL(/\/pricewatchOffice\/list/);
  const [saved] = await query<{ location_id: number; office_type: string }>(
    'SELECT location_id, office_type FROM pricewatch_offices WHERE id = $1',
    [office.id],
  );
  expect(saved).toEqual({ location_id: station.id, office_type: 'train_station' });
});

test('a location chosen while its type is still on the way is kept when the next field is filled', async ({
  page,
}) => {
  const [supplier] = await query<{ id: number; name: string }>(
    'SELECT id, name FROM pricewatch_suppliers ORDER BY id LIMIT 1',
  );
  const [city] = await query<{ id: number; name: string; label: string }>(
    'SELECT id, name, label FROM v_dd_office_locations WHERE "locationTypeId" = 4 ORDER BY id LIMIT 1',
  );
  if (!supplier || !city) throw new Error('the demo data has no supplier or city');
  // A slow network: the chosen location's type arrives only after the address has been typed.
  // "The location fits the office type" can only be judged after.
  const locationType = gate();
  await page.route(/\/api\/dropdowns\/office-locations\?locationId=/, async (route) => {
    await locationType.passed;
    await route.continue();
  });
  await page.goto('/pricewatchOffice/create');
  await waitForForm(page);
  const name = `Slow network desk ${Date.now().toString(36)}`;
  await box(page, 'Name').fill(name);
  await pickOption(page, 'Supplier', `${supplier.id} - ${supplier.name}`);
  await pickOption(page, 'Office type', 'City');
  const location = `${city.id} - ${city.label}`;
  await choose(page, 'Location', city.name.slice(0, 9), location);
  await box(page, 'Address').fill('Calle Mayor 1');
  locationType.open();
  await expect(form(page).getByRole('combobox', { name: 'Location type' })).toHaveValue('4 - City');
  await expect(box(page, /^Location(?! type)/)).toHaveValue(location);

  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL(/\/pricewatchOffice\/list/);
  const [saved] = await query<{ location_id: number; address: string }>(
    'SELECT location_id, address FROM pricewatch_offices WHERE name = $1',
    [name],
  );
  expect(saved).toEqual({ location_id: city.id, address: 'Calle Mayor 1' });
});

test('location keywords: reached from a location, listed for it, added with its name prefilled', async ({
  page,
}) => {
  const muc = await idOf('MUC');
  await page.goto(`/pricewatchLocation/list?ignorestate=true&id=${muc}`);
  await expect(gridRows(page)).toHaveCount(1);
  await gridRows(page)
    .first()
    .getByRole('button', { name: /^Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Location keywords' }).click();
  await page.waitForURL(new RegExp(`/locationkeyword/list\\?locationId=${muc}(&|$)`));

  await page.getByRole('link', { name: 'Create record' }).click();
  await waitForForm(page);
  // The location comes from the list, by name; a keyword is saved and closed, never saved alone.
  await expect(box(page, /^Location/)).toHaveValue('Munich International Airport');
  await expect(toolbarButton(page, 'Save')).toHaveCount(0);
  const keyword = `Flughafen MUC ${Date.now().toString(36)}`;
  await box(page, /^Keyword/).fill(keyword);
  await pickOption(page, 'Language', 'de - German');
  await toolbarButton(page, 'Save and close').click();

  await page.waitForURL(new RegExp(`/locationkeyword/list\\?locationId=${muc}(&|$)`));
  await expect(gridRows(page).filter({ hasText: keyword })).toHaveCount(1);
  const [row] = await query<{ location_id: number; language_code: string }>(
    'SELECT location_id, language_code FROM location_keywords WHERE keyword = $1',
    [keyword],
  );
  expect(row).toEqual({ location_id: muc, language_code: 'de' });

  // Editing a keyword comes back to the keywords of its location too.
  await gridRows(page)
    .filter({ hasText: keyword })
    .getByRole('button', { name: /^Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await waitForForm(page);
  await expect(toolbarButton(page, 'Save')).toHaveCount(0);
  await box(page, /^Keyword/).fill(`${keyword} edited`);
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL(new RegExp(`/locationkeyword/list\\?locationId=${muc}(&|$)`));
  await expect(gridRows(page).filter({ hasText: `${keyword} edited` })).toHaveCount(1);
});

test.describe('as the editor, who may not open price-watch locations', () => {
  test.use({ signedInAs: ACCOUNTS.editor });

  test("reaches location keywords from the menu, every location's, and adds one prefilled from the address", async ({
    page,
  }) => {
    const muc = await idOf('MUC');
    await page.goto('/');
    await openGroup(page, 'Content');
    await navbar(page).getByRole('link', { name: 'Location keywords' }).click();
    // The list itself, across locations, not the access-denied page of the locations list.
    await page.waitForURL((url) => url.pathname === '/locationkeyword/list');
    await expect(gridRows(page).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toHaveCount(0);

    await page.goto(`/locationkeyword/create?locationId=${muc}`);
    await waitForForm(page);
    await expect(box(page, /^Location/)).toHaveValue('Munich International Airport');
    const keyword = `Munich airport ${Date.now().toString(36)}`;
    await box(page, /^Keyword/).fill(keyword);
    await pickOption(page, 'Language', 'en - English');
    await toolbarButton(page, 'Save and close').click();
    await page.waitForURL(new RegExp(`/locationkeyword/list\\?locationId=${muc}(&|$)`));
    await expect(gridRows(page).filter({ hasText: keyword })).toHaveCount(1);
    const [row] = await query<{ location_id: number }>(
      'SELECT location_id FROM location_keywords WHERE keyword = $1',
      [keyword],
    );
    expect(row).toEqual({ location_id: muc });
  });
});
