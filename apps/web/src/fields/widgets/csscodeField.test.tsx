import { describe } from 'vitest';
import { codeFieldCases } from './codeFieldCases.tsx';

describe('csscode widget', () => {
  codeFieldCases('csscode', 'a { color: red; }');
});
