/**
 * What others may use of the merchant's business: its approval status, its credit terms
 * and its totals.
 */
export { CreditSettingsCard } from './components/credit-settings-card';
export { PendingBanner } from './components/pending-banner';
export { StatCards } from './components/stat-cards';
export { businessStatusLabel, businessStatusTones } from './status';
