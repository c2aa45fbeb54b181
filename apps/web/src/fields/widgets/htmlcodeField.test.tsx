import { describe } from 'vitest';
import { codeFieldCases } from './codeFieldCases.tsx';

describe('htmlcode widget', () => {
  codeFieldCases('htmlcode', '<p>Hi</p>');
});
