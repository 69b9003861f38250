import type { UserView } from '../../../../../common/api-types';

/** The customer's home. Credit accounts and history arrive with the next issue. */
export function HomeTab({ user }: { user: UserView }) {
  return (
    <section className="rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 p-6 text-white shadow-md">
      <p className="text-sm text-brand-100">Welcome back,</p>
      <h2 className="mt-1 text-2xl font-bold">{user.name}</h2>
    </section>
  );
}
