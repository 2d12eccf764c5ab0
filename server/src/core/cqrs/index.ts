export { CommandRunner, keyReused } from './command-runner';
export { CommandTransaction } from './command-transaction';
export { TransactionalCommandHandler } from './transactional-command.handler';
export { DomainEventSubscribers, type DomainEventSubscriber } from './domain-event-subscribers';
