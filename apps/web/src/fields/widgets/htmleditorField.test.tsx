import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/testServices.tsx';
import { makeField, renderField } from '../test/renderField.tsx';
import { htmleditorField } from './htmleditorField.tsx';

describe('htmleditor widget', () => {
  it('loads the rich-text editor, labelled by the field, with the sanitised content', async () => {
    renderField(makeField('htmleditor', { label: 'Content' }), {
      value: '<p>Hello <strong>world</strong></p><img src=x onerror="window.__xss=1">',
    });
    const editor = await screen.findByRole('textbox', { name: 'Content' }, { timeout: 5000 });
    expect(editor).toHaveTextContent('Hello world');
    expect(editor.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
  });

  it('shows the stored value as rich text', async () => {
    const field = makeField('htmleditor', { label: 'Content' });
    renderField(field, { value: '<p>First</p>' });
    const editor = await screen.findByRole('textbox', { name: 'Content' }, { timeout: 5000 });
    expect(editor).toHaveTextContent('First');
  });

  it('shows no toolbar when read-only', async () => {
    renderField(makeField('htmleditor', { label: 'Content', cssClass: 'readonly' }), { value: '<p>x</p>' });
    await screen.findByRole('textbox', { name: 'Content' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Bold' })).not.toBeInTheDocument();
  });

  it('renders stored HTML on the view only after sanitising', () => {
    const View = htmleditorField.View;
    if (!View) throw new Error('htmleditor has a view');
    const { container } = renderWithApp(
      <View
        field={makeField('htmleditor')}
        value={'<p>Ok</p><script>window.__xss=1</script><a href="javascript:alert(1)">l</a>'}
      />,
    );
    expect(container).toHaveTextContent('Ok');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href')).toBeNull();
  });
});
