// The customer display (issue 35 item 3, docs/decisions/0115). Its page (/CustomerDisplay) comes
// from pages.ts; the till publishes its cart with the publisher below.
export { createDisplayPublisher, type DisplayPublisher, type DisplayState } from './lib/publisher';
