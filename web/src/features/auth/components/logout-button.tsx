import { Trans } from '@lingui/react/macro';
import type { Role } from '@common/api/types';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useLogOut } from '@/features/auth/api/log-out';

// A staff account signs in on the merchant sign-in's Staff option.
const loginPaths: Record<Role, string> = { customer: '/cust', business: '/merchant', staff: '/merchant', admin: '/admin' };

/** Logs out and reloads the app at the login screen of the user's role. */
export function LogoutButton({ role, ...props }: { role: Role } & Omit<ButtonProps, 'onClick'>) {
  const logOut = useLogOut(loginPaths[role]);
  return (
    <Button
      variant="secondary"
      disabled={logOut.isPending}
      aria-busy={logOut.isPending}
      onClick={() => logOut.mutate()}
      {...props}
    >
      <Trans>Logout</Trans>
    </Button>
  );
}
