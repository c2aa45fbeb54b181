import { describe } from 'vitest';
import { codeFieldCases } from './codeFieldCases.tsx';

describe('xmlcode widget', () => {
  codeFieldCases('xmlcode', '<root><a/></root>');
});
