export const IMPORTS_QUEUE = 'imports';
