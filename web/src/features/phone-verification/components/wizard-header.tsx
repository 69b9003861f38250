import { Trans } from '@lingui/react/macro';

/** The top of a step-by-step wizard: a progress bar, "Step n of m" and the step's title. */
interface WizardHeaderProps {
  /** The id of the title, for the wizard's aria-labelledby. */
  titleId: string;
  stepNumber: number;
  stepCount: number;
  title: string;
}

export function WizardHeader({ titleId, stepNumber, stepCount, title }: WizardHeaderProps) {
  return (
    <div className="mb-5">
      <div className="mb-3 flex gap-1.5" aria-hidden="true">
        {Array.from({ length: stepCount }, (_, index) => (
          <span
            key={index}
            className={`h-1.5 flex-1 rounded-full ${index < stepNumber ? 'bg-brand-600' : 'bg-slate-200 dark:bg-slate-700'}`}
          />
        ))}
      </div>
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        <Trans>Step {stepNumber} of {stepCount}</Trans>
      </p>
      <h2 id={titleId} className="mt-1 text-xl font-semibold">
        {title}
      </h2>
    </div>
  );
}
