/** What the app may use of the audit log: the owner's screen, reached from Settings. */
export { AuditLogScreen } from './components/audit-log-screen';
