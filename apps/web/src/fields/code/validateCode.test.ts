import { describe, expect, it } from 'vitest';
import { stubHttp } from '../../test/testServices.tsx';
import { CODE_VALID_MESSAGE, validateCode, validationPath } from './validateCode.ts';

describe('validateCode', () => {
  it('posts {code} to the field validationApi or /api/validation/{type}', async () => {
    expect(validationPath('cscode', undefined)).toBe('/api/validation/cscode');
    expect(validationPath('jscode', '/api/validation/custom')).toBe('/api/validation/custom');
    const http = stubHttp(() => ({ isSuccess: true, message: '' }));
    await expect(validateCode(http.client, '/api/validation/jscode', 'let a')).resolves.toEqual({
      ok: true,
      message: CODE_VALID_MESSAGE,
    });
    expect(http.client.request).toHaveBeenCalledWith('/api/validation/jscode', {
      method: 'POST',
      body: { code: 'let a' },
    });
    expect(CODE_VALID_MESSAGE).toBe('Your code is valid');
  });

  it("gives the server's message on failure", async () => {
    const http = stubHttp(() => ({ isSuccess: false, message: 'Unexpected token (1:4)' }));
    await expect(validateCode(http.client, '/x', 'let')).resolves.toEqual({
      ok: false,
      message: 'Unexpected token (1:4)',
    });
  });
});
