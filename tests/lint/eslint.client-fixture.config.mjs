// The client's boundary rules on a small fixture tree (tests/lint/client-boundaries.spec.ts).
import tseslint from 'typescript-eslint';
import { clientBoundaries } from '../../eslint.boundaries.mjs';

export default [
  { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
  ...clientBoundaries('tests/lint/fixtures/client'),
];
