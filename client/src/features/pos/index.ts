// The till's public API for other features: the printed gift card (the back office prints the
// same slip, docs/decisions/0093).
export { GiftCardSlip } from './components/GiftCardSlip';
// This browser's till and its printers (issue 35): the catalog prints labels to its label printer.
export { tillPrinter } from './printing/tillPrinter';
