import { describe } from 'vitest';
import { codeFieldCases } from './codeFieldCases.tsx';

describe('cscode widget', () => {
  codeFieldCases('cscode', 'public class A { }');
});
