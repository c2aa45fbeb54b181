/**
 * HTML shown on screen goes through DOMPurify first (architecture: sanitised on the server at save
 * and at render), with its HTML profile: no scripts, no event handlers, no javascript: URLs, no
 * SVG or MathML, and no forms or frames that could pose as part of the console.
 */
import DOMPurify from 'dompurify';

const FORBID_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'iframe',
  'frame',
  'object',
  'embed',
];

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR: ['style'],
  });
}
