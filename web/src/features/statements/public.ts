/** What other features may use of statements: the panel and the dialog, loaded on first use. */
export { LazyStatementDialog, LazyStatementPanel } from './components/lazy-statement';
