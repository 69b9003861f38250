/**
 * Every message the request schemas refuse with, the API's `invalid_input` texts (spec §7).
 * One finite list, so the web can say each in the user's language
 * (web/src/locales/validation/*.json, keyed by these keys).
 */
import {
  addressLengthMax, businessDecisionBatchMax, claimDeclineReasonLengthMax, creditPeriodDaysMax, creditPeriodDaysMin, businessTextLengthMax, decisionTextLengthMax,
  historyPageSizeMax, nameLengthMax, qrDescriptionLengthMax, qrExpiryMinutesMax, qrExpiryMinutesMin,
} from '../limits';

export const validationMessages = {
  // Identity (identity.ts)
  phoneFormat: 'Phone number must be +91 followed by a 10-digit mobile number',
  pinFormat: 'PIN must be exactly 4 digits',
  otpFormat: 'OTP must be exactly 6 digits',
  otpPurpose: 'Purpose must be registration or pin_reset',
  languageChoice: 'Language must be en, hi or ta',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${nameLengthMax} characters`,
  contactNameRequired: 'Contact name is required',
  contactNameTooLong: `Contact name must be at most ${nameLengthMax} characters`,
  businessNameRequired: 'Business name is required',
  businessNameTooLong: `Business name must be at most ${businessTextLengthMax} characters`,
  businessTypeRequired: 'Business type is required',
  businessTypeTooLong: `Business type must be at most ${businessTextLengthMax} characters`,
  businessAddressRequired: 'Business address is required',
  businessAddressTooLong: `Business address must be at most ${addressLengthMax} characters`,
  emailRequired: 'E-mail is required',
  emailTooLong: 'E-mail is too long',
  emailFormat: 'Enter a valid e-mail address',
  resetRole: 'Role must be customer or business',
  unlockRole: 'Role must be customer, business or admin',
  unlockIdentifierRequired: 'Enter the phone number or e-mail',
  unlockIdentifierTooLong: 'The identifier is too long',
  // Any text another person reads (text.ts)
  textHasBidi: 'Text must not contain invisible characters that change its direction',

  // Admin decisions and terms (admin.ts)
  businessIdsList: 'businessIds must be a list of business ids',
  businessIdFormat: 'Each business id must be a valid id',
  businessIdsEmpty: 'Choose at least one business',
  businessIdsTooMany: `At most ${businessDecisionBatchMax} businesses at a time`,
  decisionAction: 'Action must be approve or reject',
  reasonNotText: 'Reason must be text',
  reasonTooLong: `Reason must be at most ${decisionTextLengthMax} characters`,
  notesNotText: 'Notes must be text',
  notesTooLong: `Notes must be at most ${decisionTextLengthMax} characters`,
  feePercentFormat: 'Fee must be a percent from 0 to 100 with at most 2 decimals',
  maxCreditLimitFormat: 'Maximum credit limit must be an amount greater than 0 with at most 2 decimals',

  // Credit accounts (credit.ts)
  paymentHandleRequired: 'Payment handle is required',
  paymentHandleEmpty: 'Please scan QR or enter customer payment handle',
  paymentHandleTooLong: 'Payment handle is too long',
  creditLimitFormat: 'Credit limit must be an amount greater than 0 with at most 2 decimals',

  // QR codes, payments, history (payments.ts)
  qrDataMissing: 'Please scan or enter a QR code first',
  qrDataTooLong: 'This is not a Khata payment code',
  qrExpiryWhole: 'Expiry must be a whole number of minutes',
  qrExpiryRange: `Expiry must be from ${qrExpiryMinutesMin} to ${qrExpiryMinutesMax} minutes`,
  qrAmountFormat: 'Please enter a valid amount greater than 0',
  qrDescriptionNotText: 'Description must be text',
  qrDescriptionTooLong: `Description must be at most ${qrDescriptionLengthMax} characters`,
  paymentAmountFormat: 'Please enter a valid amount',
  repaymentAmountFormat: 'Repayment must be an amount greater than 0 with at most 2 decimals',
  historyLimitRange: `Limit must be a number from 1 to ${historyPageSizeMax}`,
  historyCursorInvalid: 'The cursor is not valid',
  historyBusinessId: 'businessId must be a business id',
  qrListActive: 'active must be true or false',

  // Account statements (statements.ts)
  statementFromFormat: 'Start date must be a date from 2000-01-01 to 2999-12-31, written YYYY-MM-DD',
  statementToFormat: 'End date must be a date from 2000-01-01 to 2999-12-31, written YYYY-MM-DD',

  // Dues, reminders and repayment claims (dues.ts)
  creditPeriodRange: `Credit period must be ${creditPeriodDaysMin} to ${creditPeriodDaysMax} days`,
  upiIdFormat: 'Enter a UPI ID like name@bank',
  dueDateFormat: 'Due date must be a date written YYYY-MM-DD',
  reminderChannel: 'Channel must be whatsapp or sms',
  upiReferenceFormat: 'UPI reference is 12 digits',
  claimAmountFormat: 'Amount must be greater than 0 with at most 2 decimals',
  declineReasonRequired: `Give a reason of up to ${claimDeclineReasonLengthMax} characters`,
  claimStatusFilter: 'Status must be pending or all',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;
/** A text the schemas may refuse with: helpers that take a message take one of these. */
export type ValidationMessage = (typeof validationMessages)[ValidationMessageKey];
