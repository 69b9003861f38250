/**
 * What others may use of payment reports: the merchant's dashboard card of open reports and
 * its live alert, and the customer's "Report a problem".
 */
export { LazyReportsCard } from './components/lazy-reports-card';
export { useReportAlerts } from './report-alerts';
export { ReportProblemButton } from './components/report-problem-button';
export { useReportReasonLabels } from './reason-labels';
