/**
 * The API log rows a test tops its database up to when it must catch an export while it runs (to
 * stop its instance or cancel it): as many as the full demo has (ten per reservation), which takes
 * seconds to export, where the tests' demo (a tenth) is written before the test can act.
 */
export const LONG_EXPORT_ROWS = 200_000;
