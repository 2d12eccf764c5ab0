// The server's boundary rules on a small fixture tree (tests/lint/boundaries.spec.ts).
import tseslint from 'typescript-eslint';
import { serverBoundaries } from '../../eslint.boundaries.mjs';

export default [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
  ...serverBoundaries('tests/lint/fixtures/src'),
];
