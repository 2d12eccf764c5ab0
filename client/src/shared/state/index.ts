export * from './session';
export * from './ui';
export * from './barcode';
