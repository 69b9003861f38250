/**
 * What other features may use of statements: the panel and the dialog, loaded on first use,
 * and saving a fetched file as a download (the audit log's CSV is saved the same way).
 */
export { LazyStatementDialog, LazyStatementPanel } from './components/lazy-statement';
export { saveFile } from './statement-files';
