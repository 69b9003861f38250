/**
 * The one catalogue of expected failures: each entry is a key the server throws, with the
 * HTTP status it answers and the English message in ICU MessageFormat (read by
 * `formatError` in format-error.ts, and by any ICU library the translations pick).
 *
 * A refusal's body names its entry (`key`) and the values it was formatted with (`params`),
 * so a client says it in its own language from the key; `error` is the English text.
 * `code` is the public machine code the body carries when it differs from the key: a
 * key that refines a broader code (the cursor and reason refusals, and every refusal a
 * request schema makes, are `invalid_input`) keeps the answers clients and tests already
 * know. `fields` names the parameters that are also sent as body fields
 * (`{ error, code, key, params, ...fields }`). Amounts arrive already formatted
 * (`formatRupees`), so the catalogue stays locale-neutral.
 */
import {
  addressLengthMax, businessDecisionBatchMax, refundReasonLengthMax, reportNoteLengthMax, businessListPageSizeMax, businessTextLengthMax, claimDeclineReasonLengthMax,
  creditPeriodDaysMax, creditPeriodDaysMin, decisionTextLengthMax, historyPageSizeMax, nameLengthMax,
  qrDescriptionLengthMax, qrExpiryMinutesMax, qrExpiryMinutesMin, reminderBeforeDueDaysMax, reminderBeforeDueDaysMin,
  reminderEveryDaysMax, reminderEveryDaysMin, chargeNoteLengthMax, auditPageRowsMax,
} from './limits';

export interface ErrorEntry {
  status: number;
  message: string;
  code?: string;
  fields?: readonly string[];
}

const attempts = '{attemptsLeft, plural, one {# attempt} other {# attempts}}';

/** What a request schema refuses with (common/schemas): a 400 under the code `invalid_input`. */
const invalidInput = <M extends string>(message: M) => ({ status: 400, code: 'invalid_input', message }) as const;

/**
 * Sign-in refusals as the web's defaults show them (docs/product.md#sign-in-and-registration).
 * Declared apart and used by the catalogue, so a screen that needs only these does not
 * carry the whole catalogue.
 */
export const invalidCredentialsMessage = {
  customer: 'Invalid phone number or PIN',
  business: 'Invalid email or PIN',
  admin: 'Invalid admin credentials',
} as const;

export const weakPinMessage = 'This PIN is too easy to guess. Choose another.';

export const errors = {
  // Malformed requests: what the HTTP layer refuses before a route runs, and the checks a
  // schema cannot make. `invalid_input` itself carries the words of a schema check that
  // names no entry of its own; every check in common/schemas names one, below (the input
  // fuzzing test, server/security/fuzzing.test.ts, holds them to it).
  invalid_input: { status: 400, message: '{message}' },
  field_invalid: { status: 400, code: 'invalid_input', message: '{field} is missing or has the wrong type' },
  body_not_object: { status: 400, code: 'invalid_input', message: 'Request body must be a JSON object' },
  request_invalid: { status: 400, code: 'invalid_input', message: 'Invalid request' },
  text_has_nul: { status: 400, code: 'invalid_input', message: 'Text must not contain NUL characters' },
  body_not_json: { status: 400, code: 'invalid_input', message: 'The request body is not valid JSON' },
  body_not_json_type: { status: 400, code: 'invalid_input', message: 'Requests must be sent as JSON' },
  body_too_large: { status: 413, code: 'invalid_input', message: 'The request body is too large' },
  url_invalid: { status: 400, code: 'invalid_input', message: 'The address is not valid' },
  host_invalid: { status: 400, message: 'The Host (or X-Forwarded-Host) header must be a plain host name or address, with an optional port' },
  cursor_invalid: { status: 400, code: 'invalid_input', message: 'The cursor is not valid' },
  idempotency_key_invalid: { status: 400, code: 'invalid_input', message: 'Idempotency-Key must be 8 to 100 letters, digits or -_.:' },
  amount_missing: { status: 400, code: 'invalid_input', message: 'Please enter a valid amount' },
  reject_reason_missing: { status: 400, code: 'invalid_input', message: 'A reason is required to reject an application' },
  terms_change_missing: { status: 400, code: 'invalid_input', message: 'Give a transactionFeePercent or a maxCreditLimit to change' },
  pin_confirmation_mismatch: { status: 400, code: 'invalid_input', message: 'New PIN and confirmation do not match' },
  statement_range_reversed: { status: 400, code: 'invalid_input', message: 'The start date must not be after the end date' },
  statement_range_too_long: { status: 400, code: 'invalid_input', message: 'A statement can cover at most {daysMax} days' },

  // What the request schemas refuse with (common/schemas/*.ts name these keys). Each states
  // its limit as a number, so a translation states the same one.

  // Identity (identity.ts)
  phone_format: invalidInput('Phone number must be +91 followed by a 10-digit mobile number'),
  pin_format: invalidInput('PIN must be exactly 4 digits'),
  otp_format: invalidInput('OTP must be exactly 6 digits'),
  otp_purpose: invalidInput('Purpose must be registration, pin_reset or staff_invitation'),
  language_choice: invalidInput('Language must be en, hi or ta'),
  name_required: invalidInput('Name is required'),
  name_too_long: invalidInput(`Name must be at most ${nameLengthMax} characters`),
  contact_name_required: invalidInput('Contact name is required'),
  contact_name_too_long: invalidInput(`Contact name must be at most ${nameLengthMax} characters`),
  business_name_required: invalidInput('Business name is required'),
  business_name_too_long: invalidInput(`Business name must be at most ${businessTextLengthMax} characters`),
  business_type_required: invalidInput('Business type is required'),
  business_type_too_long: invalidInput(`Business type must be at most ${businessTextLengthMax} characters`),
  business_address_required: invalidInput('Business address is required'),
  business_address_too_long: invalidInput(`Business address must be at most ${addressLengthMax} characters`),
  email_required: invalidInput('E-mail is required'),
  email_too_long: invalidInput('E-mail is too long'),
  email_format: invalidInput('Enter a valid e-mail address'),
  reset_role: invalidInput('Role must be customer, business or staff'),
  unlock_role: invalidInput('Role must be customer, business, admin or staff'),
  unlock_identifier_required: invalidInput('Enter the phone number or e-mail'),
  unlock_identifier_too_long: invalidInput('The identifier is too long'),
  // The shop's people and the audit log (staff.ts)
  staff_name_required: invalidInput('Enter the person\'s name'),
  staff_name_too_long: invalidInput(`Name must be at most ${nameLengthMax} characters`),
  staff_role_choice: invalidInput('Role must be cashier, manager or owner'),
  staff_single_limit_format: invalidInput('The limit for one entry must be an amount greater than 0 with at most 2 decimals'),
  staff_daily_limit_format: invalidInput('The daily limit must be an amount greater than 0 with at most 2 decimals'),
  staff_member_id: invalidInput('Choose a person of this shop'),
  audit_action_choice: invalidInput('Choose an action from the list'),
  audit_from_format: invalidInput('Start date must be a date from 2000-01-01 to 2999-12-31, written YYYY-MM-DD'),
  audit_to_format: invalidInput('End date must be a date from 2000-01-01 to 2999-12-31, written YYYY-MM-DD'),
  audit_limit_range: invalidInput(`Limit must be a number from 1 to ${auditPageRowsMax}`),
  // Any text another person reads (text.ts)
  text_has_bidi: invalidInput('Text must not contain invisible characters that change its direction'),

  // Admin decisions and terms (admin.ts)
  business_ids_list: invalidInput('businessIds must be a list of business ids'),
  business_id_format: invalidInput('Each business id must be a valid id'),
  business_ids_empty: invalidInput('Choose at least one business'),
  business_ids_too_many: invalidInput(`At most ${businessDecisionBatchMax} businesses at a time`),
  decision_action: invalidInput('Action must be approve or reject'),
  reason_not_text: invalidInput('Reason must be text'),
  reason_too_long: invalidInput(`Reason must be at most ${decisionTextLengthMax} characters`),
  notes_not_text: invalidInput('Notes must be text'),
  notes_too_long: invalidInput(`Notes must be at most ${decisionTextLengthMax} characters`),
  fee_percent_format: invalidInput('Fee must be a percent from 0 to 100 with at most 2 decimals'),
  max_credit_limit_format: invalidInput('Maximum credit limit must be an amount greater than 0 with at most 2 decimals'),

  // Credit accounts (credit.ts)
  payment_handle_required: invalidInput('Payment handle is required'),
  payment_handle_empty: invalidInput('Please scan QR or enter customer payment handle'),
  payment_handle_too_long: invalidInput('Payment handle is too long'),
  credit_limit_format: invalidInput('Credit limit must be an amount greater than 0 with at most 2 decimals'),

  // QR codes, payments, history (payments.ts)
  qr_data_missing: invalidInput('Please scan or enter a QR code first'),
  qr_data_too_long: invalidInput('This is not a Khata payment code'),
  qr_expiry_whole: invalidInput('Expiry must be a whole number of minutes'),
  qr_expiry_range: invalidInput(`Expiry must be from ${qrExpiryMinutesMin} to ${qrExpiryMinutesMax} minutes`),
  qr_amount_format: invalidInput('Please enter a valid amount greater than 0'),
  qr_description_not_text: invalidInput('Description must be text'),
  qr_description_too_long: invalidInput(`Description must be at most ${qrDescriptionLengthMax} characters`),
  payment_amount_format: invalidInput('Please enter a valid amount'),
  repayment_amount_format: invalidInput('Repayment must be an amount greater than 0 with at most 2 decimals'),
  history_limit_range: invalidInput(`Limit must be a number from 1 to ${historyPageSizeMax}`),
  history_business_id: invalidInput('businessId must be a business id'),
  qr_list_active: invalidInput('active must be true or false'),

  // Account statements (statements.ts)
  statement_from_format: invalidInput('Start date must be a date from 2000-01-01 to 2999-12-31, written YYYY-MM-DD'),
  statement_to_format: invalidInput('End date must be a date from 2000-01-01 to 2999-12-31, written YYYY-MM-DD'),

  // Dues, reminders and repayment claims (dues.ts)
  credit_period_range: invalidInput(`Credit period must be ${creditPeriodDaysMin} to ${creditPeriodDaysMax} days`),
  upi_id_format: invalidInput('Enter a UPI ID like name@bank'),
  due_date_format: invalidInput('Due date must be a date written YYYY-MM-DD'),
  reminder_channel: invalidInput('Channel must be whatsapp or sms'),
  reminder_every_days_range: invalidInput(`Overdue reminders go every ${reminderEveryDaysMin} to ${reminderEveryDaysMax} days`),
  reminder_before_days_range: invalidInput(`The reminder before a due date goes ${reminderBeforeDueDaysMin} to ${reminderBeforeDueDaysMax} days before it`),
  reminder_hour_range: invalidInput('Choose an hour from 9 AM to 8 PM'),
  reminder_switch: invalidInput('Choose on or off'),
  sms_callback_invalid: invalidInput('A delivery report needs MessageSid and MessageStatus'),
  upi_reference_format: invalidInput('UPI reference is 12 digits'),
  claim_amount_format: invalidInput('Amount must be greater than 0 with at most 2 decimals'),
  decline_reason_required: invalidInput(`Give a reason of up to ${claimDeclineReasonLengthMax} characters`),
  reason_required: invalidInput(`Give a reason of up to ${refundReasonLengthMax} characters`),
  refund_amount_format: invalidInput('Refund must be an amount greater than 0 with at most 2 decimals'),
  report_id_invalid: invalidInput('reportId must be a report id'),
  report_reason_invalid: invalidInput('Choose what is wrong with this payment'),
  report_note_too_long: invalidInput(`Describe the problem in up to ${reportNoteLengthMax} characters`),
  report_note_required: invalidInput('Describe the problem'),
  freeze_needs_not_me: invalidInput('Only a payment that was not you can freeze your Khata'),
  report_status_invalid: invalidInput('status must be open, refunded, declined or all'),
  claim_status_filter: invalidInput('Status must be pending or all'),
  charge_amount_format: invalidInput('Amount must be greater than 0 with at most 2 decimals'),
  charge_note_too_long: invalidInput(`Note must be at most ${chargeNoteLengthMax} characters`),
  sms_code_format: invalidInput('Enter the 6-digit code'),
  sms_approval_choice: invalidInput('enabled must be true or false'),

  // The admin's queries (admin.ts, params.ts)
  analytics_days: invalidInput('days must be 7, 30 or 90'),
  business_status_filter: invalidInput('Status must be pending, approved or rejected'),
  business_list_limit_range: invalidInput(`Limit must be a number from 1 to ${businessListPageSizeMax}`),

  // One-time passwords.
  otp_invalid: { status: 400, message: `Incorrect OTP. ${attempts} left.` },
  otp_expired: { status: 400, message: 'This OTP has expired or was never sent. Please request a new one.' },
  otp_proof_missing: {
    status: 400,
    message: '{purpose, select, registration {Please verify your phone number with an OTP before registering.}'
      + ' staff_invitation {Please verify your phone number with an OTP to see your invitations.}'
      + ' other {Please verify your phone number with an OTP before resetting your PIN.}}',
  },
  otp_attempts_exceeded: { status: 429, message: 'Too many wrong attempts. Please request a new OTP.' },
  otp_resend_too_soon: { status: 429, message: 'Please wait {waitSeconds, plural, one {# second} other {# seconds}} before requesting another OTP.' },
  otp_hourly_limit: { status: 429, message: 'Too many OTP requests for this number. Please try again in an hour.' },

  // PINs and sign-in.
  weak_pin: { status: 400, message: weakPinMessage },
  same_pin: { status: 400, message: 'New PIN must be different from current PIN' },
  not_signed_in: { status: 401, message: 'Please sign in to continue' },
  session_gone: { status: 401, code: 'not_signed_in', message: 'Please sign in again' },
  // The same answer for a wrong PIN and an unknown account (docs/security.md).
  invalid_credentials: { status: 401, message: invalidCredentialsMessage.customer },
  invalid_business_credentials: { status: 401, code: 'invalid_credentials', message: invalidCredentialsMessage.business },
  invalid_admin_credentials: { status: 401, code: 'invalid_credentials', message: invalidCredentialsMessage.admin },
  pin_incorrect: { status: 403, fields: ['attemptsLeft'], message: `Incorrect PIN. ${attempts} left.` },
  current_pin_incorrect: { status: 403, code: 'pin_incorrect', fields: ['attemptsLeft'], message: `Current PIN is incorrect. ${attempts} left.` },
  account_locked: {
    status: 429, fields: ['retryAfterMinutes'],
    message: 'Too many wrong PINs. Try again in {retryAfterMinutes, plural, one {# minute} other {# minutes}}.',
  },

  // Access.
  forbidden: { status: 403, message: 'You do not have access to this' },
  origin_refused: { status: 403, message: 'Cross-site requests are not allowed' },
  not_approved: { status: 403, message: 'Your business must be approved by an admin first' },
  counter_session: { status: 403, message: 'Counter mode is on. Exit counter mode with your PIN to do this.' },
  pin_confirmation_required: { status: 403, message: 'Enter your PIN to change these settings.' },

  // Things that are not there, or are there already.
  not_found: { status: 404, message: 'Not found' },
  business_not_found: { status: 404, code: 'not_found', message: 'Business not found' },
  businesses_not_found: { status: 404, code: 'not_found', message: 'One or more businesses were not found' },
  customer_not_found: { status: 404, code: 'not_found', message: 'Customer not found' },
  payment_handle_not_found: { status: 404, code: 'not_found', message: 'No customer found with payment handle {paymentHandle}' },
  credit_account_not_found: { status: 404, code: 'not_found', message: 'Credit account not found' },
  transaction_not_found: { status: 404, code: 'not_found', message: 'Transaction not found' },
  reset_account_not_found: {
    status: 404, code: 'not_found',
    message: '{role, select, customer {No customer account uses this phone number} staff {No staff account uses this phone number}'
      + ' other {No business account uses this phone number}}',
  },
  phone_taken: { status: 409, message: 'An account with this phone number already exists' },
  business_phone_taken: { status: 409, code: 'phone_taken', message: 'A business with this phone number already exists' },
  email_taken: { status: 409, message: 'An account with this email already exists' },
  email_taken_by_business: { status: 409, code: 'email_taken', message: '{email} already belongs to a business account' },
  already_exists: { status: 409, message: 'This account already exists' },
  credit_account_exists: { status: 409, code: 'already_exists', message: '{customerName} already has a credit account with your business' },
  already_decided: {
    status: 409,
    message: '{businessName} has already been {status, select, approved {approved} other {rejected}}; only pending applications can be decided',
  },

  // Credit and payments.
  limit_above_maximum: { status: 422, message: "Credit limit cannot be more than {maximum}, your business's maximum" },
  qr_invalid: { status: 400, message: 'This is not a Khata payment code' },
  qr_not_found: { status: 404, message: 'This payment code does not exist' },
  qr_already_used: { status: 409, message: 'This payment code has already been paid' },
  qr_expired: { status: 422, message: 'This payment code has expired. Ask the merchant for a new one.' },
  business_not_approved: { status: 422, message: 'This business is not approved to take payments' },
  no_credit_account: { status: 422, message: 'You do not have a credit account with this business' },
  insufficient_credit: { status: 422, message: 'Insufficient balance. You need {shortfall} more.' },
  amount_above_maximum: { status: 422, message: 'A payment cannot be more than {maximum}' },
  repayment_above_owed: { status: 422, message: 'Repayment cannot be more than what is owed ({owed})' },
  idempotency_conflict: { status: 409, message: 'This Idempotency-Key was already used for a different payment' },

  // Refunds, reversals and reports (docs/product.md#refunds-and-reports).
  not_a_payment: { status: 422, message: 'Only a payment can be refunded' },
  refund_above_refundable: { status: 422, message: 'You can refund at most {refundable} of this payment' },
  refund_above_owed: {
    status: 422,
    message: 'The customer owes {owed} now, so at most {refundable} can be refunded in Khata. Return the rest to them outside Khata.',
  },
  refund_too_old: { status: 422, message: 'A payment can be refunded for {days} days. Return the money outside Khata.' },
  not_a_cash_repayment: { status: 422, message: 'Only a cash repayment can be reversed' },
  claim_repayment_not_reversible: { status: 422, message: 'A repayment from a confirmed UPI claim cannot be reversed' },
  reversal_too_old: { status: 422, message: 'A repayment can be reversed for {days} days after it was recorded' },
  repayment_already_reversed: { status: 409, message: 'This repayment has already been reversed' },
  report_not_payment: { status: 422, message: 'Only a payment can be reported' },
  report_exists: { status: 409, message: 'You have already reported a problem with this payment' },
  report_not_found: { status: 404, code: 'not_found', message: 'Report not found' },
  report_already_answered: { status: 409, message: 'This report has already been answered' },
  account_frozen: { status: 403, message: 'Your Khata is frozen. Reset your PIN to unfreeze it.' },
  statement_too_many_rows: { status: 422, message: 'This statement has more than {rowsMax} entries. Choose a shorter range.' },

  // Dues, reminders and repayment claims.
  nothing_owed: { status: 409, message: 'Nothing is owed on this account' },
  due_date_out_of_range: { status: 422, message: 'Choose a due date from tomorrow to one year ahead' },
  upi_id_missing: { status: 409, message: 'This shop has not added a UPI ID yet' },
  upi_reference_claimed: { status: 409, message: 'This UPI reference has already been claimed' },
  too_many_pending_claims: { status: 429, message: 'Wait for the shop to answer your earlier claims' },
  claim_not_found: { status: 404, message: 'Repayment claim not found' },
  claim_already_confirmed: { status: 409, message: 'This claim has already been confirmed' },
  claim_already_declined: { status: 409, message: 'This claim has already been declined' },
  confirm_above_claimed: { status: 422, message: 'You can confirm at most the claimed {claimed}' },
  confirm_above_owed: { status: 422, message: 'Only {owed} is owed now, so you can confirm at most {owed}' },
  // Its Retry-After header says the seconds until India midnight, when the next day's reminders may go.
  reminder_limit: { status: 429, fields: ['remindersMax'], message: 'You can send at most {remindersMax} reminders a day to one customer. Try again tomorrow.' },
  // Automatic and bulk reminder SMS. sms_daily_limit's Retry-After says the seconds until India midnight.
  sms_daily_limit: { status: 429, message: 'Your shop has sent its {limit} reminder SMS for today. The rest can go tomorrow.' },
  nothing_to_remind: { status: 409, message: 'No overdue customer can be sent a reminder right now' },
  reminder_batch_not_found: { status: 404, code: 'not_found', message: 'Reminder batch not found' },
  reminder_link_not_found: { status: 404, code: 'not_found', message: 'This reminder link has expired or is not for your account' },
  // Invitations by phone (docs/product.md#invitations). Past a number's daily limit, or to a
  // number that refused the shop, the merchant is answered as if it went: no key of its own.
  invitation_not_found: { status: 404, code: 'not_found', message: 'Invitation not found' },
  invitation_exists: { status: 409, message: 'You have already invited {phoneNumber}' },
  invitation_not_pending: { status: 409, message: 'This invitation is no longer open' },
  invitation_account_exists: { status: 409, message: 'You already have a credit account with {businessName}' },
  // Its Retry-After header says the seconds until India midnight.
  invitations_daily_limit: { status: 429, message: 'Your shop can send at most {limit} invitations a day. Try again tomorrow.' },
  // Consent by SMS code: a purchase (a charge) or a sign-up at the counter (docs/product.md#sms-approval).
  customer_frozen: { status: 403, message: 'The Khata of {customerName} is frozen until they reset their PIN' },
  sms_approval_off: { status: 409, message: '{customerName} has not turned on approval by SMS code' },
  charge_not_found: { status: 404, code: 'not_found', message: 'Charge not found' },
  enrolment_not_found: { status: 404, code: 'not_found', message: 'Sign-up not found' },
  sms_code_incorrect: { status: 400, fields: ['attemptsLeft'], message: `Incorrect code. ${attempts} left.` },
  sms_code_expired: { status: 422, message: 'This code has expired. Send a new one.' },
  sms_code_void: { status: 422, message: 'Too many wrong codes. Send a new one.' },
  sms_code_used: { status: 409, message: 'This code has already been used' },
  // Its Retry-After header says the seconds until the first of the codes wrong ones were typed for is 24 hours old.
  sms_codes_blocked: { status: 429, message: 'Too many wrong codes for this number today. Try again tomorrow.' },
  // Its Retry-After header says the seconds until the oldest of the hour's codes is an hour old.
  sms_codes_limit: { status: 429, message: 'This number has been sent {limit} codes in the last hour. Try again later.' },
  // The shop's people (docs/product.md#staff).
  role_forbidden: { status: 403, message: 'Your role at this shop does not allow this. Ask an owner.' },
  shop_not_picked: { status: 403, message: 'Choose the shop you are working at first' },
  staff_limits_required: { status: 400, code: 'invalid_input', message: 'Give a cashier or a manager a limit for one entry and a daily limit' },
  staff_limits_for_owner: { status: 400, code: 'invalid_input', message: 'An owner has no limits' },
  staff_limits_order: { status: 400, code: 'invalid_input', message: 'The daily limit must be at least the limit for one entry' },
  staff_pin_required: { status: 400, code: 'invalid_input', message: 'Choose a 4-digit PIN for your staff account' },
  staff_exists: { status: 409, message: '{phoneNumber} already works at your shop' },
  staff_invitation_exists: { status: 409, message: 'You have already invited {phoneNumber}' },
  staff_invitation_not_found: { status: 404, code: 'not_found', message: 'Invitation not found' },
  staff_invitation_expired: { status: 410, message: 'This invitation has expired. Ask the shop for a new one.' },
  staff_invitation_not_pending: { status: 409, message: 'This invitation is no longer open' },
  // Its Retry-After header says the seconds until India midnight.
  staff_invitations_daily_limit: { status: 429, message: 'Your shop can invite at most {limit} people a day. Try again tomorrow.' },
  staff_member_not_found: { status: 404, code: 'not_found', message: 'Person not found' },
  shop_account_owner: { status: 409, message: 'The account the shop registered with always stays its owner' },
  // A manager's or cashier's own limits on cash repayments, refunds and reversals; amounts formatted.
  staff_single_limit: { status: 403, message: 'This is above your limit of {limit} for one entry. Ask an owner.' },
  staff_daily_limit: { status: 403, message: 'This would pass your daily limit of {limit}: {left} left today. Ask an owner.' },
  // SMS vendors. sms_unavailable's Retry-After says when to try again.
  sms_unavailable: { status: 503, message: 'We could not send the SMS just now. Please try again in a minute.' },
  sms_callback_forbidden: { status: 403, message: 'The delivery report signature is not valid' },
  sms_callback_not_found: { status: 404, code: 'not_found', message: 'Not found' },

  // Load.
  rate_limited: { status: 429, message: 'Too many requests. Please slow down and try again shortly.' },
  streams_per_session_full: {
    status: 429, code: 'rate_limited',
    message: 'Live updates are already open in {windows, plural, one {# window} other {# windows}} of this sign-in. Close one and try again.',
  },
  streams_busy: { status: 429, code: 'rate_limited', message: 'Live updates are busy right now. They will resume shortly.' },
  // Availability: the database is unreachable; the answer says when to retry.
  database_unavailable: { status: 503, message: 'Khata is briefly unavailable. Please try again in a moment.' },
  // The payment's statement was sent but its answer was lost with the connection: it may
  // have been committed. Resending it with the same Idempotency-Key is safe and tells.
  payment_outcome_unknown: {
    status: 503,
    message: 'We could not confirm this payment yet. Send it again with the same Idempotency-Key to get its outcome: it is never charged twice.',
  },
  internal: { status: 500, message: 'Internal error' },
} as const satisfies Record<string, ErrorEntry>;

/** A key of the catalogue: what the server throws. */
export type ErrorKey = keyof typeof errors;

/** The public machine code a body carries: the entry's `code`, or its key. */
export type ErrorCode = {
  [K in ErrorKey]: (typeof errors)[K] extends { code: infer C extends string } ? C : K;
}[ErrorKey];

/** Values for an entry's ICU arguments; amounts already formatted. */
export type ErrorParams = Record<string, string | number>;

export function errorCode(key: ErrorKey): ErrorCode {
  const entry: ErrorEntry = errors[key];
  return (entry.code ?? key) as ErrorCode;
}

/** Each public code's status (a refinement answers its own, as body_too_large's 413 does). */
export const errorStatus = /* @__PURE__ */ Object.fromEntries(
  (Object.keys(errors) as ErrorKey[]).filter((key) => errorCode(key) === key).map((key) => [key, errors[key].status]),
) as Record<ErrorCode, number>;

/** A key a request schema may refuse with: an entry answered under the code `invalid_input`. */
export type InputErrorKey = {
  [K in ErrorKey]: (typeof errors)[K] extends { code: 'invalid_input' } ? K : never;
}[ErrorKey];

/** True for a catalogue key: what a refusal body's `key`, or a schema check's message, names. */
export function isErrorKey(name: unknown): name is ErrorKey {
  return typeof name === 'string' && Object.hasOwn(errors, name);
}

/** The answer body of every refused request. */
export type ErrorBody = {
  /** The message in English, formatted from the entry and `params`. */
  error: string;
  code: ErrorCode;
  /** The catalogue entry the refusal was made from: a client says it in its language from this. */
  key: ErrorKey;
  /** The values the entry's message reads; amounts already formatted. */
  params: ErrorParams;
  /** For pin_incorrect: how many tries remain before the lock. */
  attemptsLeft?: number;
  /** For account_locked: whole minutes until the lock ends. */
  retryAfterMinutes?: number;
};
