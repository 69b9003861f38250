/**
 * Every limit of the product in one place: the spec's constants (section 9) and the
 * design's security limits. Names carry their unit last.
 */

export const countryCode = '+91';
export const phoneDigits = 10;
export const otpDigits = 6;
export const pinDigits = 4;

export const nameLengthMax = 100;
export const emailLengthMax = 254;
export const businessTextLengthMax = 200;
export const addressLengthMax = 500;

// One-time codes (design.md §5).
export const otpTtlSeconds = 5 * 60;
export const otpVerifyAttemptsMax = 5;
export const otpResendGapSeconds = 30;
export const otpSendsPerHourMax = 5;
export const otpProofTtlSeconds = 15 * 60;
export const developmentOtpToastMs = 10_000;

// PIN attempts (design.md §5): 5 consecutive wrong PINs lock for 15 minutes,
// doubling on each further lock up to 24 hours.
export const pinAttemptsMax = 5;
export const pinLockBaseSeconds = 15 * 60;
export const pinLockMaxSeconds = 24 * 60 * 60;

// Sessions (design.md §5).
export const sessionIdleTtlSeconds = 7 * 24 * 60 * 60;
export const sessionAbsoluteTtlSeconds = 30 * 24 * 60 * 60;
/** The idle expiry is pushed forward at most this often, so reads stay reads. */
export const sessionTouchIntervalSeconds = 60 * 60;

// Money (design.md §2, §3).
export const paymentMaxPaise = 1_00_000_00;
export const defaultFeeBasisPoints = 200;
export const defaultMaxCreditLimitPaise = 50_000_00;
export const feeBasisPointsMax = 10_000;

// QR codes and lists (spec §9).
export const qrExpiryMinutesDefault = 15;
export const qrExpiryMinutesMin = 1;
export const qrExpiryMinutesMax = 1440;
export const qrPreviewChars = 50;
export const historyPageSize = 15;
export const historyPageSizeMax = 100;
export const historyLoadMoreAtScrollFraction = 0.8;
export const recentPaymentsCount = 5;
export const recentBusinessesCount = 5;

// Scanner and QR images (spec §9).
export const scannerFps = 10;
export const scannerBoxPx = 250;
export const scannerBoxMinPx = 50;
export const customerQrScreenPx = 280;
export const customerQrDownloadPx = 500;

export const userIdDisplayChars = 8;
export const mobileMaxWidthPx = 480;
