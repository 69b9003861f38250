import { otpDigits, pinDigits } from '@common/limits';

/** 10 digits, the first 6–9: what the server accepts after the fixed +91. */
export const phoneDigitsPattern = /^[6-9]\d{9}$/;
export const otpPattern = new RegExp(`^\\d{${otpDigits}}$`);
export const pinPattern = new RegExp(`^\\d{${pinDigits}}$`);
