import { describe } from 'vitest';
import { codeFieldCases } from './codeFieldCases.tsx';

describe('jsoncode widget', () => {
  codeFieldCases('jsoncode', '{"a": 1}');
});
