// The server's messages (errors and validation) in English; keys as in messages.ts. A file of its
// own so that the client bundles only the Arabic texts and loads the English ones when needed
// (client/src/i18n.ts, client/vite.config.ts).
import { DATE_WINDOW, LIMITS, limitInPounds as egp, limitText as n } from '../limits';

export const SERVER_MESSAGES_EN: Record<string, string> = {
  'errors.VALIDATION_FAILED': 'The data entered is not valid',
  'errors.MALFORMED_JSON': 'The request body is not valid JSON',
  'errors.UNAUTHENTICATED': 'Please sign in first',
  'errors.FORBIDDEN': 'You do not have permission to access this page',
  'errors.API_KEY_NOT_ALLOWED':
    'An API key cannot call this endpoint: it is for signed-in staff only (an API key acts only through endpoints that name the permissions it holds)',
  'errors.NOT_FOUND': 'The requested item was not found',
  'errors.ROUTE_NOT_FOUND': 'Page not found',
  'errors.CSRF_INVALID': 'The CSRF token is missing or invalid; reload the page',
  'errors.IDEMPOTENCY_KEY_REQUIRED':
    'The request carries no valid operation key (Idempotency-Key); reload the page and try again',
  'errors.IDEMPOTENCY_KEY_REUSED':
    'This operation key was already used for a different request, so nothing was done; close the dialog and open it again',
  'errors.CSRF_SIGNOUT_MISSING': 'Could not fetch CSRF Token for signing out',
  'errors.INVALID_CREDENTIALS': 'Wrong username or password',
  'errors.TOO_MANY_ATTEMPTS': 'Too many failed sign-in attempts; try again in {minutes} minutes',
  'errors.ID_ALREADY_EXISTS': 'ID already exist',
  'errors.UNIQUE_VIOLATION': 'The value "{value}" is already used',
  'errors.BRANCH_LIMIT_REACHED': 'The maximum number of branches ({max}) has been reached',
  'errors.USER_INACTIVE': 'This user is deactivated',
  'errors.ID_REQUIRED_FOR_EDIT': 'An id is required to edit',
  'errors.ID_REQUIRED_FOR_DELETE': 'An id is required to delete',
  'errors.PAYLOAD_TOO_LARGE': 'The request is larger than allowed',
  'errors.UNSUPPORTED_FILE': 'This file type is not supported',
  'errors.DISPLAY_IMAGES_FULL':
    'The customer display holds at most {max} images; remove one before adding another',
  'validation.displayImage.type': '"{field}" must be a PNG, JPEG or WebP image',
  'validation.fileTooLarge': '"{field}" must be at most {max} MB',
  'validation.displayImage.order': '"{field}" must list each image of this screen once',
  'errors.CONFLICT': 'The operation conflicts with other data',
  'errors.IN_USE': 'It cannot be deleted because it is in use',
  'errors.LAST_ADMIN': 'The last system administrator cannot be deactivated or demoted',
  'errors.ADMIN_REQUIRED':
    'Only a system administrator may grant or remove administrator rights or change an administrator',
  'errors.ROLE_TOO_STRONG':
    'You cannot assign a role with permissions you do not hold, nor change a user who has such a role',
  'errors.OWN_ROLE_CHANGE': 'You cannot change your own role',
  'errors.INTERNAL': 'Something went wrong; please try again',
  'errors.DATABASE_UNAVAILABLE':
    'The database is briefly unavailable; nothing was saved. Try again in a moment',
  'validation.branch.nameRequired': 'Please enter the branch name',
  'validation.branch.taxType': 'Tax type must be P, F or B',
  'validation.role.nameRequired': 'Please enter the role name',
  'validation.role.unknownPermission': 'Unknown permission',
  'validation.user.username': 'Username: 3 to 50 Latin letters, digits, dot, dash or underscore',
  'validation.user.displayName': 'Please enter the display name',
  'validation.user.password': 'The password needs at least 8 characters',
  'validation.user.role': 'The role is not valid',
  'validation.user.branch': 'The branch is not valid',
  'validation.apiKey.name': 'The key needs a name',
  'validation.apiKey.branch': 'Choose the branch',
  'validation.apiKey.permissions': 'Choose at least one permission',
  'validation.feature.key': 'The feature key is not valid',
  'validation.screens.unknown': 'Unknown screen name',
  'validation.catalog.nameRequired': 'Please enter the name',
  'validation.customer.phone': 'The phone number is not valid',
  'validation.customer.nationalId': 'The national id has 14 digits',
  'validation.customer.paymentTerms': 'Payment terms are 0 to 365 days',
  'errors.CUSTOMER_PAYMENT_VAULT': 'Choose an active vault of your branch',
  'errors.CUSTOMER_PAYMENT_VAULT_FORBIDDEN': 'Collecting into a vault needs the totals permission',
  'errors.CUSTOMER_PAYMENT_EXCEEDS_BALANCE':
    'The amount ({amount}) exceeds the balance owed by the customer ({owed}). To keep the excess on their account, choose "advance / credit on account"',
  'errors.CUSTOMER_ADVANCE_FORBIDDEN':
    'Taking an advance (credit on account) from a customer needs the advances permission',
  'errors.SHIFT_NOT_OPEN_TILL':
    'Open a shift first: cash taken into the drawer belongs to your shift',
  'validation.sale.rungAt':
    '"{field}" must be a real time, not more than 10 minutes ahead of the server nor older than 7 days',
  'validation.eta.posSerial': '"{field}" takes Latin letters, digits and . - _ only',
  'validation.eta.uuid': '"{field}" is not a valid e-receipt UUID',
  'validation.eta.dateTimeIssued': '"{field}" is not a valid time',
  'errors.ETA_POS_SERIAL_TAKEN': 'POS serial {serial} is used by another point of sale',
  'validation.printer.address':
    '"{field}" is a host name or IP address with an optional :port (9100 when left out)',
  'errors.NO_NETWORK_PRINTER': 'This till has no network printer',
  'errors.NO_LABEL_PRINTER': 'This till has no network label printer',
  'errors.NOT_A_LABEL_JOB':
    "What was sent is not labels in the label printer's language ({language})",
  'errors.PRINTER_UNREACHABLE': 'The printer at {address} did not answer',
  'errors.DEVICE_NOT_REGISTERED':
    'This till is not registered in your branch; connect it once and reload the point of sale',
  'errors.DEVICE_GRANT_INVALID':
    "The cashier's grant for this till is no longer valid (expired, or the user was disabled or signed out everywhere)",
  'errors.DEVICE_GRANT_OTHER_DEVICE': "The cashier's grant belongs to another till",
  'errors.DEVICE_OTHER_BRANCH': 'This till is registered in another branch',
  'errors.DEVICE_RECEIPT_TAKEN': 'Receipt number {receipt} of this till belongs to another sale',
  'validation.sale.noLines': 'The invoice has no items',
  'validation.giftCardCode': '"{field}" holds letters and digits only',
  'validation.sale.batchSize': `"{field}" holds 1 to ${n(LIMITS.saleBatch)} sales per request`,
  'validation.sale.editReason': 'Write why the invoice is edited',
  'validation.limit.unitPrice': `"{field}" is above the limit for a price or cost (${egp(LIMITS.unitPrice)} EGP)`,
  'validation.limit.documentTotal': `"{field}" is above the limit for an amount (${egp(LIMITS.documentTotal)} EGP)`,
  'validation.limit.lineQuantity': `"{field}" is outside the limit for a line (up to ${n(LIMITS.lineQuantity)})`,
  'validation.limit.stockQuantity': `"{field}" is outside the limit for stock (up to ${n(LIMITS.stockQuantity)})`,
  'validation.limit.documentLines': `"{field}" has more lines than allowed (${n(LIMITS.documentLines)})`,
  'validation.limit.denominations': `The count by denomination is not valid: denominations in pounds, a whole number of pieces (up to ${n(LIMITS.lineQuantity)}) each`,
  'errors.DOCUMENT_TOO_LARGE': `The document is worth more than allowed (${egp(LIMITS.documentTotal)} EGP); split it into several documents`,
  'errors.STOCK_LIMIT': `The item's stock would pass the limit (${n(LIMITS.stockQuantity)}): {name}`,
  'errors.QUANTITY_NOT_WHOLE': '"{name}" is sold by count: the quantity must be a whole number',
  'errors.CREDIT_LIMIT_FORBIDDEN':
    "Setting a customer's credit limit needs the permission to grant credit",
  'errors.CREDIT_NEEDS_PERMISSION':
    'Selling on account to a customer without a credit limit, or past it, needs the permission to grant credit (available {available})',
  'errors.GLOBAL_PRICE_FORBIDDEN':
    'A sell price applies in every branch: changing it needs the permission to change sell prices together with seeing all branches, or an administrator',
  'errors.SHIFT_NOT_OPEN': 'Open a shift before selling',
  'errors.SHIFT_ALREADY_OPEN': 'You already have an open shift',
  'errors.REGISTER_BUSY': 'Register {register} has an open shift of another user',
  'errors.SHIFT_NOT_YOURS': "You cannot close another user's shift",
  'errors.SALE_ID_CONFLICT': 'This sale id belongs to another invoice',
  'errors.PRICE_CHANGE_FORBIDDEN': 'You may not change the sell price',
  'errors.PRICING_MISMATCH':
    'The price of “{name}” does not match the price lists and promotions ({field}): price the cart again',
  'errors.COUPON_NOT_FOUND': 'No coupon has the code “{code}” ({field})',
  'errors.COUPON_INACTIVE': 'The coupon “{code}” is no longer active ({field})',
  'errors.COUPON_NOT_STARTED': 'The coupon “{code}” is not valid yet ({field})',
  'errors.COUPON_EXPIRED': 'The coupon “{code}” has expired ({field})',
  'errors.COUPON_OTHER_CUSTOMER': 'The coupon “{code}” belongs to another customer ({field})',
  'errors.COUPON_CUSTOMER_REQUIRED':
    'The coupon “{code}” is limited per customer: choose the customer first ({field})',
  'errors.COUPON_USED_UP': 'The coupon “{code}” has been used up ({field})',
  'errors.COUPON_CUSTOMER_LIMIT':
    'This customer has used the coupon “{code}” as often as allowed ({field})',
  'errors.COUPON_NOT_A_COUPON_OFFER':
    'The offer must be a coupon offer (its “coupon” switch on) ({field})',
  'errors.PRICING_RULES_CHANGED':
    'The price lists or promotions changed after the cart was priced: check the new prices and pay again',
  'errors.PRICE_LIST_FORBIDDEN': "You may not sell at a price list other than the customer's",
  'errors.PRICE_LIST_UNKNOWN':
    'The chosen price list is not available at this branch (pricing.priceListId)',
  'errors.BELOW_MIN_PRICE': 'The price is below the minimum sell price: {name}',
  'errors.MAX_DISCOUNT_EXCEEDED': 'The discount ({percent}%) is above your limit ({max}%)',
  'errors.DISCOUNT_TOO_LARGE': 'The discount is larger than the invoice',
  'errors.PAYMENT_METHOD_INVALID': 'This payment method is not available',
  'errors.OVERPAID':
    'The non-cash amount paid ({paid}) is more than the invoice total ({total}); change is given in cash only',
  'errors.CHANGE_TOO_LARGE':
    '"{field}" makes the change {change}, more than the most change given back ({max}); check the cash received',
  'errors.CUSTOMER_REQUIRED': 'Choose the customer: the remaining {due} goes on their account',
  'errors.CREDIT_LIMIT': "The customer's credit limit is exceeded (available {available})",
  'errors.GIFT_CARD_NOT_FOUND': 'No active gift card has the code {code}',
  'errors.GIFT_CARD_CODE_REQUIRED': 'Enter the gift card code for the gift card payment',
  'errors.GIFT_CARD_INSUFFICIENT': 'The gift card {code} holds only {balance}; {amount} was asked',
  'errors.GIFT_CARD_BALANCE_LIMIT': 'A gift card may hold at most {max}; this would make {balance}',
  'errors.GIFT_CARD_METHOD':
    'A gift card cannot be paid for with a gift card, loyalty points or on account',
  'errors.GIFT_CARD_OFFLINE':
    'A gift card cannot be used on a sale rung offline (its balance cannot be checked); take another tender',
  'errors.LOYALTY_OFF': 'The loyalty program is off; points cannot be redeemed',
  'errors.LOYALTY_NEEDS_CUSTOMER': 'Pick the customer first to pay with loyalty points',
  'errors.LOYALTY_AMOUNT_STEP': "Points pay in multiples of a point's value ({step})",
  'errors.LOYALTY_INSUFFICIENT':
    'The customer holds only {points} points worth {value}; {amount} was asked',
  'errors.LOYALTY_EDIT':
    'A sale that earned or redeemed loyalty points cannot be edited; return it instead',
  'errors.LOYALTY_OFFLINE':
    'Loyalty points cannot be used on a sale rung offline (the balance cannot be checked); take another tender',
  'errors.TRACKED_EDIT':
    'A sale of goods tracked by serial or batch cannot be edited; return it instead',
  'errors.GIFT_CARD_EDIT': 'A sale paid by gift card cannot change its payments; return it instead',
  'errors.STORE_CREDIT_NEEDS_CUSTOMER':
    'A refund to store credit needs the sale to have a customer, or a gift card code',
  'errors.VARIANT_INACTIVE': 'The item is inactive: {name}',
  'errors.RETURN_EXCEEDS_SOLD': 'Returning more than remains: {name} (remaining {remaining})',
  'errors.REFUND_MISMATCH': 'The refunds ({given}) do not add up to the return ({total})',
  'errors.INVOICE_HAS_RETURNS': 'An invoice with returns cannot be edited',
  'errors.INVOICE_SHIFT_CLOSED':
    "This invoice's shift is closed: it cannot be edited; make a return and a new sale instead",
  'errors.DATE_FILTER_FORBIDDEN': 'You may not filter by date',
  'validation.catalog.sku': 'SKU: Latin letters and digits, up to 50 characters',
  'validation.catalog.barcode': 'Barcode: Latin letters and digits, up to 50 characters',
  'validation.catalog.quantity': 'Enter the change or the counted quantity on every line',
  'errors.INSUFFICIENT_STOCK': 'Not enough stock: {name} (available {available})',
  'errors.BARCODE_TAKEN': 'Barcode {barcode} belongs to another item',
  'errors.SKU_TAKEN': 'SKU {sku} belongs to another item',
  'errors.AXIS_EXISTING_VALUE_REQUIRED':
    'Choose the "{axis}" value the existing items get (one of the chosen values)',
  'errors.AXIS_KEEP_VALUE_REQUIRED':
    'To remove "{axis}", choose the value whose items stay (one of its current values)',
  'errors.VARIANT_PROPERTIES_MISMATCH':
    'Item {sku} has no "{axis}" value; fix its properties first',
  'errors.GRID_TOO_LARGE': 'The combinations ({size}) are more than allowed ({max})',
  'errors.VARIANT_GRID_MISMATCH':
    'The items sent do not match the missing combinations: {combination}',
  'errors.PROPERTY_VALUES_TOO_MANY': '"{axis}" has more values than allowed ({max})',
  'validation.catalog.axisValues': 'Choose at least one value for each property',
  'errors.CATEGORY_CYCLE': 'A category cannot be placed under itself or one of its children',
  'errors.VARIANT_HAS_STOCK':
    'An item with stock or movements cannot be deleted; deactivate it instead',
  'errors.IMPORT_FAILED': 'Nothing was imported: fix the errors and try again',
  'validation.transfer.noLines': 'Add at least one item to the transfer request',
  'validation.stocktaking.categories': 'Choose at least one category',
  'errors.TRANSFER_ILLEGAL_TRANSITION':
    'This action is not possible on the transfer request in its current state',
  'transfer.illegal.draft': 'Not possible: transfer request {number} is still a draft',
  'transfer.illegal.requested': 'Not possible: transfer request {number} is waiting for approval',
  'transfer.illegal.approved': 'Not possible: transfer request {number} has been approved',
  'transfer.illegal.rejected': 'Not possible: transfer request {number} was rejected',
  'transfer.illegal.shipped': 'Not possible: transfer request {number} has already been shipped',
  'transfer.illegal.received': 'Not possible: transfer request {number} has been received',
  'transfer.illegal.partially_received':
    'Not possible: transfer request {number} has been partially received',
  'transfer.illegal.cancelled': 'Not possible: transfer request {number} was cancelled',
  'errors.TRANSFER_NOT_SOURCE': 'Only the sending branch can do this',
  'errors.TRANSFER_NOT_DESTINATION': 'Only the receiving branch can receive',
  'errors.TRANSFER_NOT_INVOLVED': 'This transfer request does not involve your branch',
  'errors.TRANSFER_SAME_INVENTORY': 'An inventory cannot transfer to itself',
  'errors.TRANSFER_REASON_REQUIRED':
    'Give the reason for the difference in the received quantity: {name}',
  'errors.TRANSFER_LINE_UNKNOWN': 'The line is not part of this transfer request',
  'errors.STOCKTAKING_ILLEGAL_TRANSITION':
    'This action is not possible on the stock-taking in its current state',
  'stocktaking.illegal.open': 'Not possible: stock-taking {number} is still open for counting',
  'stocktaking.illegal.review':
    'Not possible: stock-taking {number} is under review and takes no new counts',
  'stocktaking.illegal.posted': 'Not possible: stock-taking {number} has been posted',
  'stocktaking.illegal.cancelled': 'Not possible: stock-taking {number} was cancelled',
  'errors.STOCKTAKING_ALREADY_OPEN': 'This inventory already has an open stock-taking ({number})',
  'errors.STOCKTAKING_OUT_OF_SCOPE': 'The item is outside this stock-taking: {name}',
  'errors.STOCKTAKING_UNKNOWN_BARCODE': 'No item has the barcode {barcode}',
  'errors.STOCKTAKING_NEGATIVE_COUNT': 'The count cannot go below zero: {name}',
  'errors.STOCKTAKING_EMPTY': "There are no items in this stock-taking's scope",
  'validation.unknownField': 'The field "{field}" is not allowed',
  'validation.constraint.isString': '"{field}" must be text',
  'validation.constraint.isBoolean': '"{field}" must be true or false',
  'validation.constraint.isInt': '"{field}" must be a whole number',
  'validation.constraint.isNumber': '"{field}" must be a number',
  'validation.constraint.isArray': '"{field}" must be a list',
  'validation.constraint.isUuid': '"{field}" is not a valid id',
  'validation.constraint.isIn': '"{field}" has a value that is not accepted',
  'validation.constraint.min': '"{field}" is below the minimum',
  'validation.constraint.max': '"{field}" is above the maximum',
  'validation.constraint.minLength': '"{field}" is too short',
  'validation.constraint.maxLength': '"{field}" is too long',
  'validation.constraint.arrayUnique': '"{field}" has repeated values',
  'validation.constraint.matches': '"{field}" is not in the right format',
  'validation.constraint.isEmail': 'Invalid email address',
  'validation.constraint.isUrl': 'Invalid URL',
  'errors.OWN_ACCOUNT_CHANGE': 'You cannot change your own discount cap, branch or role',
  'errors.DISCOUNT_CAP_TOO_HIGH': 'You cannot grant a discount cap above your own ({max}%)',
  'errors.BRANCH_OUT_OF_REACH': 'You manage the users of your own branch only',
  'errors.PASSWORD_CHANGE_REQUIRED': 'Change the temporary password before you continue',
  'errors.WRONG_PASSWORD': 'The current password is wrong',
  'errors.PASSWORD_UNCHANGED': 'Choose a new password that differs from the current one',
  'errors.TWO_FACTOR_REQUIRED': 'Enter the 6-digit code from your authenticator app',
  'errors.TWO_FACTOR_INVALID': 'The verification code is wrong',
  'errors.TWO_FACTOR_SETUP_REQUIRED':
    'Set up two-step verification for your account before you continue',
  'errors.TWO_FACTOR_ALREADY_ENABLED': 'Two-step verification is already on',
  'errors.TWO_FACTOR_NOT_STARTED': 'Start setting up two-step verification first',
  'errors.TWO_FACTOR_NOT_ENABLED': 'Two-step verification is not on',
  'validation.user.totpCode': 'The verification code has 6 digits',
  'errors.IMPORT_TOO_MANY_ROWS': 'The file has more than {max} rows; split it into smaller files',
  'validation.constraint.date': 'The field "{field}" is not a real date',
  'validation.constraint.dateWindow': `"{field}" must be between ${DATE_WINDOW.earliest} and one year from today`,
  'validation.constraint.nul': 'The field "{field}" contains a character that is not allowed (NUL)',
  'validation.constraint.default': '"{field}" is not valid',
  'validation.pricing.required': '"{field}" is required for this kind of offer',
  'validation.pricing.invalid':
    '"{field}" does not fit the pricing rules (check its limits and dates)',
  'validation.pricing.oneOff': '"{field}": give either a percent or an amount, not both',
  'validation.pricing.dateOrder': '"{field}" must not be before the start date',
  'errors.PRICING_BRANCH_SCOPE':
    'You may only change price lists and offers limited to your own branch',
  'validation.settings.timeZone': 'Unknown time zone (e.g. Africa/Cairo)',
  'validation.settings.serviceVatRate': 'A rate from 0 to 100',
  'validation.settings.expiryWarningDays': '"{field}" is a number of days from 1 to 365',
  'validation.scale.prefix': 'The scale-barcode prefix is one to three digits',
  'validation.scale.layout':
    'The item-code and weight positions must follow the prefix within the first 12 digits and not overlap',
  'errors.JOURNAL_UNBALANCED':
    'The entry does not balance: total debit ({debit}) is not total credit ({credit})',
  'errors.JOURNAL_EMPTY': 'Enter at least two lines with amounts above zero',
  'errors.JOURNAL_LINE_SIDE': 'Each line is either a debit or a credit, not both',
  'errors.JOURNAL_ACCOUNT_INVALID':
    'The account does not exist, is inactive or is a group: post only to an active leaf account',
  'errors.JOURNAL_CONTROL_ACCOUNT':
    'Inventory, customer, vendor, vault and bank accounts cannot take manual entries: only their documents post to them',
  'errors.JOURNAL_ALREADY_REVERSED': 'This entry has already been reversed',
  'errors.STATEMENT_TOO_LONG':
    'The statement has more than {max} movements: choose a shorter period',
  'errors.PERIOD_CLOSED':
    'The books are closed up to {date}: nothing can be posted on a date inside that period',
  'errors.BOOKS_CLOSE_DATE_INVALID':
    'The closing date must be before today and after the last closing ({date})',
  'errors.ACCOUNT_CODE_TAKEN': 'Account code {code} is used by another account',
  'errors.ACCOUNT_PARENT_INVALID':
    'The parent must be a group account of the same type, and not the account itself or one of its sub-accounts',
  'errors.ACCOUNT_SYSTEM': 'A system account used by automatic postings: only its name can change',
  'errors.ACCOUNT_IN_USE':
    'An account with postings or sub-accounts cannot be deleted; deactivate it instead',
  'validation.account.code': 'The account code is 1 to 12 digits',
  'validation.account.name': 'The account name is required (up to 100 characters)',
  'errors.VAULT_INSUFFICIENT': 'Not enough in {name} (available {available})',
  'errors.VAULT_INACTIVE': '{name} is inactive: no money moves in or out of it',
  'validation.purchaseOrder.noLines': 'Add at least one item to the purchase order',
  'errors.PURCHASE_ORDER_ILLEGAL_TRANSITION':
    'This action is not possible on the purchase order in its current state',
  'purchaseOrder.illegal.ordered':
    'Not possible: nothing of purchase order {number} has arrived yet',
  'purchaseOrder.illegal.partly_received':
    'Not possible: part of purchase order {number} has been received',
  'purchaseOrder.illegal.received':
    'Not possible: purchase order {number} has been received in full',
  'purchaseOrder.illegal.closed': 'Not possible: purchase order {number} is closed',
  'purchaseOrder.illegal.cancelled': 'Not possible: purchase order {number} was cancelled',
  'errors.PURCHASE_ORDER_VENDOR_INACTIVE': 'Vendor {name} is inactive: no purchase orders for it',
  'errors.PURCHASE_ORDER_COST_FORBIDDEN': 'Setting a purchase cost needs the buy-price permission',
  'errors.PURCHASE_ORDER_LINE_UNKNOWN': '"{name}" is not on purchase order {number}',
  'errors.PURCHASE_ORDER_OVER_RECEIPT':
    'More of "{name}" received than is still due on purchase order {number} (due {remaining})',
  'errors.PURCHASE_ORDER_MISMATCH':
    'The vendor or inventory does not match purchase order {number}',
  'errors.EXPENSE_ALREADY_VOID': 'This expense is already void',
  'errors.EXPENSE_TOTAL_LIMIT': 'The expense total (amount with VAT) is over {max} EGP',
  'errors.EXPENSE_DATE_IN_FUTURE': 'An expense cannot be dated after today',
  'errors.EXPENSE_CATEGORY_INACTIVE': 'The expense category "{name}" is inactive',
  'errors.EXPENSE_VENDOR_INACTIVE': 'The vendor "{name}" is inactive',
  'errors.EXPENSE_RECURRING_RECORDED':
    'The recurring expense "{name}" is already recorded this month',
  'errors.MAINTENANCE_ILLEGAL_TRANSITION':
    'Repair ticket {number} cannot go from "{fromEn}" to "{toEn}"',
  'errors.MAINTENANCE_NOT_WORKABLE':
    'Repair ticket {number} is "{statusEn}": its parts and labour can no longer change',
  'errors.MAINTENANCE_TOTAL_LIMIT': 'The repair ticket total is over {max} EGP',
  'errors.MAINTENANCE_DEPOSIT_OVER_ESTIMATE': 'The deposit is more than the estimate',
  'errors.MAINTENANCE_VAULT_INVALID': "Choose an active vault of the ticket's branch",
  'errors.MAINTENANCE_PAY_TARGET': 'A vault or a payment method, not both',
  'errors.MAINTENANCE_TECHNICIAN_INVALID': 'The chosen technician does not exist or is inactive',
  'errors.MAINTENANCE_WARRANTY_INVALID':
    'Ticket {number} is not a delivered ticket of this customer still under warranty',
  'validation.maintenance.problemRequired': 'Describe the problem',
  'errors.RESERVATION_ILLEGAL_TRANSITION':
    'Reservation {number} cannot go from "{fromEn}" to "{toEn}"',
  'errors.RESERVATION_EXPIRY_PAST': 'The reservation must expire after now',
  'errors.RESERVATION_UNDERPAID':
    'The payments and the deposit do not cover the invoice ({due} EGP left)',
  'errors.DELIVERY_ILLEGAL_TRANSITION':
    'Delivery order {number} cannot go from "{fromEn}" to "{toEn}"',
  'errors.DELIVERY_DRIVER_INVALID': 'Choose an active delivery driver of the branch',
  'errors.DELIVERY_SALE_INVALID': 'Invoice {number} is returned and cannot be delivered',
  'errors.DELIVERY_ALREADY_EXISTS': 'The invoice already has a delivery order ({number})',
  'errors.DELIVERY_NOTHING_TO_SETTLE': 'This driver has no cash to hand in',
  'errors.CHEQUE_ILLEGAL_TRANSITION': 'Cheque {number} cannot go from "{fromEn}" to "{toEn}"',
  'errors.CHEQUE_PARTY_REQUIRED':
    'A received cheque needs a customer and an issued cheque needs a vendor',
  'errors.CHEQUE_VAULT_REQUIRED': "Choose an active bank account of the cheque's branch",
  'errors.CHEQUE_DUPLICATE': 'Cheque {number} of {bank} is already recorded',
  'errors.CHEQUE_BRANCH_REQUIRED': "Choose the cheque's branch",
  'errors.INSTALLMENT_COUNT': 'The number of installments is 1 to 120',
  'errors.INSTALLMENT_DOWN_PAYMENT': "The down payment must be less than the invoice's total",
  'errors.INSTALLMENT_RATE': 'The monthly rate is 0 to 10 %',
  'errors.INSTALLMENT_FEE': 'The fee is above the limit',
  'errors.INSTALLMENT_TOO_SMALL': 'The amount is less than one pound per installment',
  'errors.INSTALLMENT_DATE': 'The first due date is not valid',
  'errors.INSTALLMENT_NATIONAL_ID': 'The national ID {nationalId} is not valid',
  'errors.INSTALLMENT_NOTHING_TO_FINANCE':
    'Invoice {number} leaves nothing on account to finance, or it is already in a plan',
  'errors.INSTALLMENT_SALE_NOT_ELIGIBLE':
    'Invoice {number} cannot be sold on installments: it needs a customer',
  'errors.INSTALLMENT_ID_CONFLICT': 'The request id is used by another operation',
  'errors.INSTALLMENT_PLAN_CLOSED': 'Installment plan {number} is closed ({statusEn})',
  'errors.INSTALLMENT_OVER_COLLECT':
    'The amount ({amount}) is more than what the chosen installments owe ({outstanding})',
  'errors.INSTALLMENT_UNKNOWN': 'An installment is not an open installment of plan {number}',
  'errors.INSTALLMENT_VAULT': 'Choose an active vault of your branch',
  'errors.INSTALLMENT_NATIONAL_ID_MISMATCH':
    "The national ID differs from the customer's recorded one ({nationalId})",
  'errors.INSTALLMENT_GUARANTOR':
    'A guarantor cannot be the customer, nor the same guarantor twice',
  'errors.SALE_IS_REPAIR':
    'Invoice {number} bills a repair: it is neither edited nor returned; a fault comes back as a warranty ticket',
  'errors.SALE_IS_COD':
    'Invoice {number} is cash on delivery: it is neither edited nor put on installments; return it (or part of it) and sell again',
  'errors.SALE_IN_INSTALLMENT_PLAN':
    'Invoice {number} is sold on installments (plan {plan}): settle the plan before editing or returning it',
  'validation.installment.nationalId':
    'The national ID is not valid (14 digits with a real birth date and governorate)',
  'validation.installment.guarantors': 'Add one or two guarantors',
  'validation.installment.lateFee': 'A percent late fee is at most 100 %',
  'errors.ETA_COMPANY_INFO_REQUIRED': 'Enter the e-invoicing company info first',
  'errors.ETA_RIN_INVALID': 'The tax registration number (RIN) must be 9 digits',
  'errors.ETA_BRANCH_NOT_CONFIGURED':
    'Branch {branch} needs a POS serial and e-receipt credentials before e-receipts can be turned on',
  'errors.ETA_RECEIPT_NOT_RETRYABLE': 'A receipt in status "{status}" cannot be retried',
  'errors.ETA_RECEIPT_ALREADY_CORRECTED': 'This receipt has already been corrected',
  'errors.ETA_EQUATION_FAILED': 'The e-receipt figures do not add up: {field}',
  'errors.ETA_NOT_CANONICAL': 'The JSON text cannot be serialized canonically: {reason}',
  'errors.VENDOR_OPENING_LOCKED':
    'The opening balance cannot change once the vendor has other ledger entries',
  'errors.VENDOR_INVOICE_NOT_OPEN': 'Invoice {number} is not an open invoice of this vendor',
  'errors.VENDOR_PAYMENT_ID_CONFLICT': 'This payment id is used by another payment',
  'errors.VENDOR_PAYMENT_VAULT': 'Choose a vault of your branch',
  'errors.VENDOR_PAYMENT_OVER_BALANCE':
    'The amount ({amount}) is more than what is owed to the vendor ({balance})',
  'validation.vendor.paymentTerms': 'Payment terms are 0 to 365 days',
  'validation.vendor.paymentAmount': 'Enter the payment amount',
  'validation.purchase.noLines': 'Add at least one item to the invoice',
  'validation.purchase.discount': "A line's discount is more than its value",
  'errors.PURCHASE_NOT_DRAFT':
    'Invoice {number} is already posted: it cannot be edited or posted again',
  'errors.PURCHASE_NOT_POSTED': 'Only a posted purchase invoice can be returned against',
  'errors.PURCHASE_VENDOR_INACTIVE': 'Vendor {name} is inactive',
  'errors.PURCHASE_PAYMENT_TOO_MUCH':
    'The amount paid ({paid}) is more than the invoice total ({total})',
  'errors.PURCHASE_VAULT_BRANCH': "{name} is not in the receiving inventory's branch",
  'errors.PURCHASE_RETURN_TOO_MUCH':
    'Cannot return {quantity} of {name}: {available} can be returned',
  'errors.PURCHASE_COST_HIDDEN': 'Purchase invoices need the permission to see buy prices',
  'errors.VAULT_BELOW_ZERO': '{name} is below zero: cover it before turning off negative balances',
  'errors.MONEY_TRANSFER_SAME_VAULT': 'Choose two different vaults for a transfer',
  'errors.MONEY_TRANSFER_NOT_PENDING':
    'This transfer is no longer awaiting receipt (it is {status})',
  'errors.MONEY_VAULT_OUTSIDE_BRANCH': "You cannot move money out of another branch's vault",
  'errors.SETTLEMENT_METHOD_INVALID': 'Only card and wallet payment methods are settled',
  'errors.SETTLEMENT_NOT_BANK': 'Card and wallet receipts settle into a bank account',
  'errors.SETTLEMENT_EXCEEDS':
    "The amount is more than this payment method's unsettled receipts at the branch ({available})",
  'validation.cash.amount': 'The amount is required and must be above zero',
  'validation.cash.reason': 'Enter the reason (up to 200 characters)',
  'validation.cash.fromVault': 'Choose the vault the money leaves',
  'validation.cash.toVault': 'Choose the vault the money goes into',
  'validation.cash.paymentMethod': 'Choose the payment method to settle',
  'validation.tracking.serialInvalid':
    '{field}: serial "{serial}" is not valid (Latin letters, digits and - . / up to 50 characters)',
  'validation.tracking.imei':
    '{field}: "{serial}" is not a valid IMEI (15 digits, the last a check digit)',
  'validation.tracking.imei2Missing':
    '{field}: device "{serial}" is dual-SIM: enter its second IMEI beside the first',
  'validation.tracking.duplicate': '{field}: "{serial}" appears twice on the document',
  'validation.tracking.inStock': '{field}: "{serial}" is already in stock ({place})',
  'validation.tracking.count':
    '{field}: the number of serials ({count}) must equal the quantity ({quantity})',
  'validation.tracking.serialsRequired':
    '{field}: "{name}" is tracked by serial: enter one serial per unit',
  'validation.tracking.batchRequired':
    '{field}: "{name}" is tracked by batch: enter the lot number and expiry date',
  'validation.tracking.notTracked':
    '{field}: "{name}" is tracked by neither serial nor batch: remove them',
  'validation.tracking.expiryMismatch':
    '{field}: lot "{lot}" was recorded before with expiry date {expiry}',
  'validation.tracking.productionAfterExpiry':
    '{field}: the production date is after the expiry date',
  'validation.tracking.notInStock': '{field}: "{serial}" is not in this inventory\'s stock',
  'validation.tracking.batchShort': '{field}: lot "{lot}" holds only {available} in this inventory',
  'validation.tracking.counted':
    '{field}: "{name}" is tracked by serial or batch: enter the quantity added or removed with its serials or lot, not the counted figure',
  'errors.TRACKING_HAS_STOCK':
    'The tracking of "{name}" cannot change while it holds stock: bring its stock to zero first',
  'validation.tracking.imeiNeedsSerial':
    '{field}: IMEIs apply only to products tracked by serial: choose serial tracking',
  'validation.tracking.lotInvalid':
    '{field}: lot number "{lot}" is not valid (Latin letters, digits and - . / up to 50 characters)',
  'validation.tracking.saleSerialNotInStock':
    '{field}: "{name}": "{serial}" is not in this inventory\'s stock (unknown, or sold already)',
  'validation.tracking.saleSerialOnTransfer':
    '{field}: "{serial}" is held by approved transfer {number}: ship or cancel the transfer first',
  'validation.tracking.saleCount':
    '{field}: "{name}": the number of serials ({count}) must equal the quantity ({quantity})',
  'validation.tracking.saleSerialInvalid': '{field}: "{name}": serial "{serial}" is not valid',
  'validation.tracking.saleImei':
    '{field}: "{name}": "{serial}" is not a valid IMEI (15 digits, the last a check digit)',
  'validation.tracking.saleDuplicate': '{field}: "{name}": "{serial}" appears twice on the sale',
  'validation.tracking.saleBatchShort':
    '{field}: "{name}": the unexpired lots in this inventory cover only {available}',
  'validation.tracking.saleLotShort': '{field}: "{name}": lot "{lot}" holds only {available} here',
  'validation.tracking.saleLotExpired':
    '{field}: "{name}": lot "{lot}" expired on {expiry}; selling it needs the permission to sell expired lots',
  'validation.tracking.returnSerialNotSold':
    '{field}: "{name}": "{serial}" was not sold on this invoice, or came back already',
  'validation.tracking.returnSerialsRequired':
    '{field}: "{name}" is tracked by serial: enter the serials coming back, one per unit',
  'validation.tracking.transferSerialUnknown':
    '{field}: "{name}" has no unit with the serial "{serial}"',
  'validation.tracking.transferSerialOut':
    '{field}: "{serial}" is not in the source\'s stock (sold, returned, written off or on its way)',
  'validation.tracking.transferSerialElsewhere':
    '{field}: "{serial}" is not at the source: it is at {place}',
  'validation.tracking.transferSerialTaken':
    '{field}: "{serial}" is already on approved transfer {number}',
  'validation.tracking.transferLotUnknown': '{field}: "{name}" has no lot "{lot}"',
  'validation.tracking.transferLotsCount':
    "{field}: the lots' quantities ({count}) must add up to the quantity ({quantity})",
  'validation.tracking.transferBatchShort':
    '{field}: "{name}": its lots at the source hold only {available}',
  'validation.tracking.transferSerialNotShipped':
    '{field}: "{serial}" was not shipped on this transfer',
  'validation.tracking.transferReceivedSerials':
    '{field}: "{name}" arrived short: enter the serials of the units that arrived, one per unit received',
  'validation.stocktaking.serialInvalid':
    '{field}: serial "{serial}" is not valid (Latin letters, digits and - . / up to 50 characters)',
  'validation.stocktaking.serialUnknown':
    '{field}: no unit has the serial "{serial}": scan or choose its product first, then the serial',
  'validation.stocktaking.serialTwice': '{field}: "{serial}" was scanned already in this count',
  'validation.stocktaking.serialNotScanned': '{field}: "{serial}" was not scanned in this count',
  'validation.stocktaking.notSerial':
    '{field}: "{name}" is not tracked by serial: count it by quantity',
  'validation.stocktaking.serialQuantity':
    '{field}: a serial counts one unit (1, or −1 to take the scan back)',
  'validation.stocktaking.serialRequired':
    '{field}: "{name}" is tracked by serial: scan each unit\'s serial',
  'validation.stocktaking.lotRequired': '{field}: "{name}" is tracked by batch: count it per lot',
  'validation.stocktaking.lotUnknown': '{field}: "{name}" has no lot "{lot}"',
};
