/** What the parts of the auth service share: the signed-in answer and a few account rules. */
import type { Role, UserView } from '@common/api/types';
import { isWeakPin } from '@common/weak-pins';
import { AppError } from '../../errors';
import type { SessionUser } from '../sessions/sessions.service';

export interface SignedIn {
  sessionToken: string;
  user: UserView;
  /** The device's trust token, for its HttpOnly cookie; never sent in a body. */
  deviceToken: string;
}

export function refuseWeakPin(pin: string): void {
  if (isWeakPin(pin)) throw new AppError('weak_pin');
}

/** Whether a role signs in with its phone (customers, staff) rather than its e-mail (businesses, admins). */
export const signsInByPhone = (role: Role): boolean => role === 'customer' || role === 'staff';

/** What a person types to sign in: the phone for customers and staff, the e-mail otherwise. */
export const signInIdentifier = (account: { role: Role; phone: string | null; email: string | null; id: string }) =>
  (signsInByPhone(account.role) ? account.phone : account.email) ?? account.id;

export const userView = (user: Pick<SessionUser, 'id' | 'role' | 'name' | 'phone' | 'email'>): UserView =>
  ({ id: user.id, role: user.role, name: user.name, phone: user.phone, email: user.email });

/** What a counter session is shown as: the shop, by name; nothing of the merchant's own. */
export const counterView = (userId: string, shopName: string): UserView =>
  ({ id: userId, role: 'counter', name: shopName, phone: null, email: null });
