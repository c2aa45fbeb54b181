/**
 * Builds a CodeMirror 6 editor in a host element. This module and the language packs are loaded
 * with dynamic imports, so the editor's code reaches the browser only when a code field shows.
 * Styles carry the page's CSP nonce (CodeMirror's `cspNonce` facet) under the strict policy.
 */
import type { CodeFieldType } from '@bm/contracts';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { CODE_LANGUAGES } from './codeLanguages.ts';

export interface CodeEditorOptions {
  parent: HTMLElement;
  type: CodeFieldType;
  doc: string;
  label: string;
  readOnly: boolean;
  nonce: string | undefined;
  onChange: (doc: string) => void;
}

export interface CodeEditor {
  setDoc(doc: string): void;
  setReadOnly(readOnly: boolean): void;
  destroy(): void;
}

const theme = EditorView.theme({
  '&': { backgroundColor: 'var(--mantine-color-body)', color: 'var(--mantine-color-text)' },
  '.cm-gutters': { backgroundColor: 'var(--mantine-color-default-hover)', border: 'none' },
  '.cm-content': { fontFamily: 'var(--mantine-font-family-monospace)' },
  '&.cm-focused': { outline: 'none' },
});

export async function createCodeEditor(options: CodeEditorOptions): Promise<CodeEditor> {
  const language = await CODE_LANGUAGES[options.type]();
  const editable = new Compartment();
  const readOnlyState = (readOnly: boolean) => [EditorState.readOnly.of(readOnly)];
  const view = new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        lineNumbers(),
        history(),
        indentOnInput(),
        bracketMatching(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        language,
        theme,
        editable.of(readOnlyState(options.readOnly)),
        ...(options.nonce ? [EditorView.cspNonce.of(options.nonce)] : []),
        EditorView.contentAttributes.of({ 'aria-label': options.label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    setDoc(doc) {
      const current = view.state.doc.toString();
      if (doc !== current) view.dispatch({ changes: { from: 0, to: current.length, insert: doc } });
    },
    setReadOnly(readOnly) {
      view.dispatch({ effects: editable.reconfigure(readOnlyState(readOnly)) });
    },
    destroy: () => view.destroy(),
  };
}
