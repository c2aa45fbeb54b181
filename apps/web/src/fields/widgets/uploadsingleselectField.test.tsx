import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeField, renderField } from '../test/renderField.tsx';

const field = makeField('uploadsingleselect', {
  label: 'Image',
  sourceParams: { directory: 'images/pages' },
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('uploadsingleselect widget', () => {
  it('uploads one chosen file to the field directory and keeps its path', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(Response.json({ filePath: 'images/pages/a.png' }));
    const { onChange } = renderField(field, { value: null });
    await userEvent.upload(screen.getByLabelText('Image'), new File(['x'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('images/pages/a.png'));
    const body = fetchSpy.mock.calls[0]?.[1]?.body as FormData;
    expect(body.get('directory')).toBe('images/pages');
    expect(await screen.findByText('images/pages/a.png')).toBeInTheDocument();
  });

  it("shows the server's refusal under the field", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ message: 'Files of this type are refused' }, { status: 400 }),
    );
    const { onChange } = renderField(field, { value: null });
    await userEvent.upload(screen.getByLabelText('Image'), new File(['x'], 'a.exe'));
    expect(await screen.findByText('Files of this type are refused')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a drop of more than one file, uploading none', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderField(field, { value: null });
    const files = [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.png', { type: 'image/png' }),
    ];
    const zone = screen.getByLabelText('Image').closest('[role="presentation"]') as HTMLElement;
    const items = files.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f }));
    fireEvent.drop(zone, { dataTransfer: { files, items, types: ['Files'] } });
    expect(
      await screen.findByText('1 file is the maximum number of files you can drop here'),
    ).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Image')).not.toHaveAttribute('multiple');
  });

  it('removes the file', async () => {
    const { onChange } = renderField(field, { value: 'images/pages/a.png' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove the file of Image' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
