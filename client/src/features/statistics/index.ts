// Statistics' public API for other features (its pages are in pages.ts): nothing yet.
export {};
