/**
 * HTML from rich-text fields is sanitised on save: formatting, links and images stay; scripts,
 * event handlers, `javascript:` URLs, frames and styles go (the renderer sanitises again).
 */
import sanitize from 'sanitize-html';

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...sanitize.defaults.allowedTags, 'img', 'h1', 'h2', 'u', 's', 'mark'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': [],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
