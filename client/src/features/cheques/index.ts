// Cheques received and issued with their flow, and /Transactions (every money movement).
export { pages } from './pages';
