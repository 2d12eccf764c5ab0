import { booksProperty } from './support/books-property';

// Issue 13: the books' invariants as a property over random operations (support/books-property.ts),
// first part; accounting-invariants-b.spec.ts runs the second on its own database and seed.
booksProperty({ name: 'part A', seed: 20261125, operations: 5_000 });
