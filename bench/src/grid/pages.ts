/**
 * What the grid benchmarks show: the 1,000 × 20 page of 200-character text (made here, never
 * stored: the demo seed stays as it is), the personal preset that shows it as 20 text columns, and
 * the bare pages of the baselines, which build a plain `<table>` from the same rows with one
 * `innerHTML` and mark the same two moments as the grid (rows arrived, next frame painted).
 */

const WIDE_COLUMNS = 20;
export const WIDE_ROWS = 1_000;
const TEXT_CHARS = 200;

/** Keys of the wide page's text columns: c01 … c20. */
export const wideKeys = (): string[] =>
  Array.from({ length: WIDE_COLUMNS }, (_, i) => `c${String(i + 1).padStart(2, '0')}`);

const WORDS = [
  'pick-up',
  'Alicante',
  'airport',
  'terminal',
  'voucher',
  'confirmed',
  'supplier',
  'desk',
  'insurance',
  'excess',
  'refund',
  'deposit',
  'compact',
  'estate',
  'automatic',
  'customer',
  'called',
  'twice',
  'about',
  'the',
  'late',
  'drop-off',
  'Málaga',
  '€',
  'and',
  'a',
  'child',
  'seat',
];

/** One cell's text: words picked by a small linear congruential generator, exactly `chars` long. */
function text(seed: number, chars: number): string {
  let state = seed * 2654435761;
  let out = '';
  while (out.length < chars) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out += `${WORDS[state % WORDS.length]} `;
  }
  return out.slice(0, chars);
}

/** The list answer of the wide page: `rows` rows of an id and 20 columns of `chars` characters. */
export function wideListAnswer(rows = WIDE_ROWS, chars = TEXT_CHARS): string {
  const keys = wideKeys();
  const data = Array.from({ length: rows }, (_, r) => {
    const row: Record<string, unknown> = { id: r + 1 };
    keys.forEach((key, c) => {
      row[key] = text(r * WIDE_COLUMNS + c + 1, chars);
    });
    return row;
  });
  return JSON.stringify({ data, paging: { pageIndex: 0, pageSize: rows, hasMore: false } });
}

/**
 * A preset showing the wide page: the default preset's settings and row actions with its columns
 * replaced by a hidden id and 20 visible text columns, 1,000 rows a page.
 */
export function widePresetDefinition(defaultDefinition: Record<string, unknown>): Record<string, unknown> {
  const settings = (defaultDefinition.settings ?? {}) as Record<string, unknown>;
  return {
    ...defaultDefinition,
    settings: { ...settings, pageItems: WIDE_ROWS, paging: true },
    definition: [
      {
        key: 'id',
        mapKey: 'id',
        column: 'Id',
        type: 'number',
        primary: true,
        visible: false,
        filterable: true,
      },
      ...wideKeys().map((key, i) => ({
        key,
        mapKey: key,
        column: `Text ${i + 1}`,
        type: 'text',
        visible: true,
        filterable: true,
      })),
    ],
  };
}

/**
 * The baselines' renderer, as page script: a plain table of the rows in one `innerHTML` (text
 * escaped, as the grid's is), then the same frame mark the grid uses (a message posted from the
 * next animation frame runs once that frame is painted).
 */
const RENDER_SCRIPT = `
const escapeHtml = (value) => String(value ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
function renderTable(rows, keys) {
  let html = '<table><thead><tr>' + keys.map((k) => '<th>' + escapeHtml(k) + '</th>').join('') + '</tr></thead><tbody>';
  for (const row of rows) {
    html += '<tr>';
    for (const key of keys) html += '<td>' + escapeHtml(row[key]) + '</td>';
    html += '</tr>';
  }
  document.getElementById('out').innerHTML = html + '</tbody></table>';
}
function markNextPaint(name) {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => performance.mark(name);
    channel.port2.postMessage(null);
  });
}
const token = () => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
  return key ? JSON.parse(localStorage.getItem(key) ?? '{}').access_token ?? '' : '';
};
async function load(url) {
  const response = await fetch(url, { headers: { Accept: 'application/json', Authorization: 'Bearer ' + token() } });
  const body = await response.json();
  performance.mark('base:data');
  return body.data;
}
`;

const page = (body: string, script: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>baseline</title></head><body>${body}<div id="out"></div><script>${RENDER_SCRIPT}${script}</script></body></html>`;

/** Line 5's baseline: fetch the rows from `rowsUrl` and show them at once. */
export function bareTablePage(rowsUrl: string, keys: readonly string[]): string {
  return page(
    '',
    `(async () => {
      const rows = await load(${JSON.stringify(rowsUrl)});
      renderTable(rows, ${JSON.stringify(keys)});
      markNextPaint('base:paint');
    })();`,
  );
}

/**
 * Line 7's baseline: shows the page of `firstUrl`, then on a click of "Sort" fetches `sortedUrl`
 * and replaces the table with its rows; `window.__clickAt` holds the click's time.
 */
export function bareSortPage(firstUrl: string, sortedUrl: string, keys: readonly string[]): string {
  return page(
    '<button id="sort" type="button">Sort</button>',
    `(async () => {
      renderTable(await load(${JSON.stringify(firstUrl)}), ${JSON.stringify(keys)});
      markNextPaint('base:ready');
      document.getElementById('sort').addEventListener('click', async (event) => {
        window.__clickAt = event.timeStamp;
        renderTable(await load(${JSON.stringify(sortedUrl)}), ${JSON.stringify(keys)});
        markNextPaint('base:paint');
      });
    })();`,
  );
}
