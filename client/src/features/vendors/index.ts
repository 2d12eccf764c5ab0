// The vendors' public API for other features (the purchase screen picks a vendor and links to its page).
export { vendorKeys, vendorsApi } from './api/vendors.api';
