/**
 * What others may use of staff-join: the join wizard (opened at /merchant/join), the shop
 * picker of a person who works at several shops, and the list of their shops.
 */
export { StaffJoinWizard } from './components/staff-join-wizard';
export { ShopPicker } from './components/shop-picker';
export { useStaffShops } from './api/get-staff-shops';
