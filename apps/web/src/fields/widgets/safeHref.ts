/** Only web links and in-app paths become hrefs: a `javascript:` or `data:` value stays text. */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^https?:\/\//i.test(text)) return text;
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) return text;
  return undefined;
}
