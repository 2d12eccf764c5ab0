export { DocumentSequenceEntity } from './document-sequence.entity';
export * from './document-numbers';
