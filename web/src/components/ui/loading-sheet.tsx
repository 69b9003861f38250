/**
 * What a tap shows at once while a sheet's code is still downloading: the sheet's frame
 * with a spinner, so the first tap on a slow network is never met with nothing.
 */
import { Spinner } from './spinner';

/** `label` defaults to the spinner's own ("Loading"). */
export function LoadingSheet({ label }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-40 flex items-end bg-slate-950/50">
      <div className="mx-auto max-w-mobile w-full rounded-t-3xl bg-white px-5 py-12 shadow-2xl dark:bg-slate-900">
        <Spinner label={label} />
      </div>
    </div>
  );
}
