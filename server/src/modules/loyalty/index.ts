// Loyalty points (issue 33 item 4, docs/decisions/0091): the program, each customer's points and
// their ledger; the sales module redeems, earns and takes back points through the ledger functions
// here, in its own transaction.
export { LoyaltyModule } from './loyalty.module';
export {
  earnPoints,
  loyaltyProgram,
  raiseLoyaltyMove,
  redeemPoints,
  takeBackPoints,
} from './services/loyalty-ledger';
// For the demo seed's command runners.
export { LoyaltyPostJournalHandler } from './events/on-loyalty-events.post-journal.handler';
