/** What others may use of dues: the To collect card and the overdue customers to remind. */
export { OverdueCustomers, ToCollectCard } from './components/to-collect';
