import { describe } from 'vitest';
import { codeFieldCases } from './codeFieldCases.tsx';

describe('jscode widget', () => {
  codeFieldCases('jscode', 'const a = 1;');
});
