/**
 * A reminder's short link, signed in as a customer: asks where it leads and hands that to
 * the app, which opens the account with Pay back ready. A link that expired or is someone
 * else's says so and leads to the customer's accounts. The customer app loads this on
 * arrival at a link only, so the app's own download does not carry it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import type { ReminderLinkTarget } from '@common/api/types';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { errorStatus, serverMessage } from '@/lib/api-client';
import { useReminderLinkTarget } from '../api/get-reminder-link-target';

interface FollowReminderLinkProps {
  code: string;
  /** The link is the customer's: open its account. */
  onFound: (target: ReminderLinkTarget) => void;
  /** "Go to my accounts". */
  onLeave: () => void;
}

export function FollowReminderLink({ code, onFound, onLeave }: FollowReminderLinkProps) {
  const { t } = useLingui();
  const target = useReminderLinkTarget(code);
  useEffect(() => {
    if (target.data) onFound(target.data);
  }, [target.data]);

  if (!target.isError) return <FullPageSpinner />;
  const dead = errorStatus(target.error) === 404;
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-mobile flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-lg font-semibold">
        {dead ? <Trans>This reminder link has expired or is not for your account</Trans> : serverMessage(target.error) ?? t`Please try again`}
      </h1>
      {!dead && (
        <Button variant="secondary" size="lg" onClick={() => void target.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      )}
      <Button size="lg" onClick={onLeave}>
        <Trans>Go to my accounts</Trans>
      </Button>
    </main>
  );
}
