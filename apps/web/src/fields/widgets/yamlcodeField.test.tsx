import { describe } from 'vitest';
import { codeFieldCases } from './codeFieldCases.tsx';

describe('yamlcode widget', () => {
  codeFieldCases('yamlcode', 'openapi: 3.0.3\ninfo:\n  title: Search\n');
});
