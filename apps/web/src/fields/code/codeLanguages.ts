/**
 * The CodeMirror language of each code field type (architecture: C#, JavaScript, JSON, CSS, HTML,
 * XML, YAML), each loaded only when a field of its type opens. C# and YAML use legacy modes. This
 * module is itself reached only through the editor's dynamic import.
 */
import type { CodeFieldType } from '@bm/contracts';
import { StreamLanguage } from '@codemirror/language';
import type { Extension } from '@codemirror/state';

export const CODE_LANGUAGES: Record<CodeFieldType, () => Promise<Extension>> = {
  cscode: async () => StreamLanguage.define((await import('@codemirror/legacy-modes/mode/clike')).csharp),
  jscode: async () => (await import('@codemirror/lang-javascript')).javascript(),
  jsoncode: async () => (await import('@codemirror/lang-json')).json(),
  csscode: async () => (await import('@codemirror/lang-css')).css(),
  htmlcode: async () => (await import('@codemirror/lang-html')).html(),
  xmlcode: async () => (await import('@codemirror/lang-xml')).xml(),
  yamlcode: async () => StreamLanguage.define((await import('@codemirror/legacy-modes/mode/yaml')).yaml),
};
