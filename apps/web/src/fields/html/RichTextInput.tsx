/**
 * The rich-text editor of htmleditor fields: Tiptap through @mantine/tiptap, 300 px high.
 * Loaded lazily. Tiptap's own style injection is off (Mantine's stylesheet covers it,
 * and the CSP refuses inline styles). The HTML it loads is sanitised first: ProseMirror parses into
 * a detached document, but nothing unsafe should reach even that.
 */
import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import classes from './richText.module.css';
import { sanitizeHtml } from './sanitizeHtml.ts';

interface RichTextInputProps {
  value: string;
  label: string;
  labelId: string;
  readOnly: boolean;
  invalid: boolean;
  expanded?: boolean | undefined;
  onChange: (html: string) => void;
}

/** What the editor holds, as the field stores it ('' when empty). */
const htmlOf = (editor: { isEmpty: boolean; getHTML(): string }): string =>
  editor.isEmpty ? '' : editor.getHTML();

export default function RichTextInput({
  value,
  label,
  labelId,
  readOnly,
  invalid,
  expanded,
  onChange,
}: RichTextInputProps) {
  const latest = useRef({ onChange, value });
  latest.current = { onChange, value };
  // The editor's own rendering of the value it was last given: Tiptap normalises what it loads
  // (and may report that as an update); only content that differs from it is an edit.
  const baseline = useRef<{ value: string; html: string } | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } }),
    ],
    content: sanitizeHtml(value),
    editable: !readOnly,
    injectCSS: false,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-labelledby': labelId,
        role: 'textbox',
        'aria-multiline': 'true',
      },
    },
    onCreate: ({ editor: current }) => {
      baseline.current = { value: latest.current.value, html: htmlOf(current) };
    },
    // Tiptap also reports the content it was given (normalised); only real edits are changes.
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      const loaded = baseline.current?.value === latest.current.value ? baseline.current.html : undefined;
      if (html !== latest.current.value && html !== loaded) latest.current.onChange(html);
    },
  });

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const shown = htmlOf(editor);
    // Already showing this value (as given, or as the editor renders it): nothing to load.
    if (value === shown || (baseline.current?.value === value && baseline.current.html === shown)) return;
    editor.commands.setContent(sanitizeHtml(value), { emitUpdate: false });
    baseline.current = { value, html: htmlOf(editor) };
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!readOnly);
  }, [editor, readOnly]);

  return (
    <RichTextEditor
      editor={editor}
      className={classes.editor}
      data-invalid={invalid || undefined}
      data-expanded={expanded || undefined}
    >
      {!readOnly && (
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
      )}
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
