/** What the app may use of staff: the owner's Staff screen, reached from Settings. */
export { StaffScreen } from './components/staff-screen';
