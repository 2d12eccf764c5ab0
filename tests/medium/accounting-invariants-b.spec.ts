import { booksProperty } from './support/books-property';

// Issue 13: the books' invariants as a property over random operations (support/books-property.ts),
// second part, on its own database and seed (with part A: ≥ 10,000 operations).
booksProperty({ name: 'part B', seed: 20261206, operations: 5_000 });
