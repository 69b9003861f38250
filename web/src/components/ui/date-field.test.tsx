import { zodResolver } from '@hookform/resolvers/zod';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { activate } from '@/i18n/i18n';
import { expectNoAxeViolations } from '@/test/axe';
import { renderWithApp } from '@/test/render';
import { DateField, type DateFieldProps } from './date-field';

/** The field as a screen holds it: its value in state, each change recorded. */
function Harness({ initial = '', onValue = () => {}, ...props }: Partial<DateFieldProps> & { initial?: string; onValue?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        id="day"
        label="Due on"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
        {...props}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('2025-12-25')}>Christmas</button>
    </>
  );
}

const group = () => screen.getByRole('group', { name: 'Due on' });
/** A part, named by the field's label and its own word. */
const part = (name: 'Day' | 'Month' | 'Year') => within(group()).getByRole('combobox', { name: `Due on ${name}` });
/** The three selects, in order, each named "Due on" and its part's word (`words`, in the language shown). */
const expectPartsNamed = (words: readonly string[]) =>
  expect(within(group()).getAllByRole('combobox')).toEqual(words.map((word) => within(group()).getByRole('combobox', { name: `Due on ${word}` })));
/** What each select shows, in order. */
const shown = () => within(group()).getAllByRole('combobox').map((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent);
const value = () => screen.getByTestId('value').textContent;

afterEach(async () => {
  await activate('en', ['login', 'app']);
});

describe('the date field', () => {
  it('shows a date as day, month and year, in that order, with the month named', async () => {
    renderWithApp(<Harness initial="2025-03-07" required />);
    expectPartsNamed(['Day', 'Month', 'Year']);
    expect(shown()).toEqual(['07', 'Mar', '2025']);
    expect(within(part('Month')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec',
    ]);
    await expectNoAxeViolations();
  });

  it.each([
    ['hi', ['दिन', 'महीना', 'साल'], ['07', 'मार्च', '2025'], ['जन॰', 'फ़र॰', 'मार्च']],
    ['ta', ['நாள்', 'மாதம்', 'ஆண்டு'], ['07', 'மார்.', '2025'], ['ஜன.', 'பிப்.', 'மார்.']],
  ] as const)('speaks %s: its parts named and the months too, with Western digits', async (language, partNames, expected, firstMonths) => {
    await activate(language, ['login', 'app']);
    renderWithApp(<Harness initial="2025-03-07" required />);
    const [day, month] = within(group()).getAllByRole('combobox') as [HTMLElement, HTMLElement, HTMLElement];
    expectPartsNamed(partNames);
    expect(shown()).toEqual(expected);
    expect(within(month).getAllByRole('option').slice(0, 3).map((option) => option.textContent)).toEqual(firstMonths);
    expect(within(day).getAllByRole('option').slice(0, 3).map((option) => option.textContent)).toEqual(['01', '02', '03']);
  });

  it.each([
    ['hi', ['दिन', 'महीना', 'साल']],
    ['ta', ['நாள்', 'மாதம்', 'ஆண்டு']],
  ] as const)('shows an empty date as day, month and year in %s', async (language, empty) => {
    await activate(language, ['login', 'app']);
    renderWithApp(<Harness />);
    expect(shown()).toEqual(empty);
  });

  it('gives an ISO day only once day, month and year are chosen', async () => {
    const onValue = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<Harness required min="2025-01-01" max="2026-12-31" onValue={onValue} />);
    expect(shown()).toEqual(['Day', 'Month', 'Year']);
    await user.selectOptions(part('Day'), '5');
    await user.selectOptions(part('Month'), 'Apr');
    expect(value()).toBe('');
    expect(onValue).not.toHaveBeenCalled();
    expect(within(part('Year')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Year', '2025', '2026']);
    await user.selectOptions(part('Year'), '2026');
    expect(value()).toBe('2026-04-05');
    expect(onValue).toHaveBeenLastCalledWith('2026-04-05');
    // A required date, once chosen, has no empty choice left.
    expect(shown()).toEqual(['05', 'Apr', '2026']);
    expect(within(part('Day')).queryByRole('option', { name: 'Day' })).not.toBeInTheDocument();
  });

  it('offers only the days of the month chosen, and moves 31 January to the last of February', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness initial="2024-01-31" min="2020-01-01" max="2025-12-31" required />);
    await user.selectOptions(part('Month'), 'Feb');
    expect(value()).toBe('2024-02-29');
    await user.selectOptions(part('Year'), '2023');
    expect(value()).toBe('2023-02-28');
    expect(within(part('Day')).getAllByRole('option')).toHaveLength(28);
  });

  it('keeps a 31st chosen first within each month then chosen, 29 February until the year is not a leap one', async () => {
    const onValue = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<Harness min="2023-01-01" max="2025-12-31" onValue={onValue} />);
    await user.selectOptions(part('Day'), '31');
    await user.selectOptions(part('Month'), 'Apr');
    expect(shown()).toEqual(['30', 'Apr', 'Year']);
    expect(within(part('Day')).getAllByRole('option').at(-1)).toHaveTextContent('30');
    await user.selectOptions(part('Month'), 'Feb');
    // No year yet: 29 February may still be meant.
    expect(shown()).toEqual(['29', 'Feb', 'Year']);
    expect(onValue).not.toHaveBeenCalled();
    await user.selectOptions(part('Year'), '2024');
    expect(value()).toBe('2024-02-29');
    await user.selectOptions(part('Year'), '2025');
    expect(value()).toBe('2025-02-28');
    expect(within(part('Day')).getAllByRole('option').at(-1)).toHaveTextContent('28');
    // A day moved to fit stays where it was put, not back at the 31st.
    await user.selectOptions(part('Month'), 'Mar');
    expect(value()).toBe('2025-03-28');
    expect(within(part('Day')).getAllByRole('option').at(-1)).toHaveTextContent('31');
  });

  it('allows min and max themselves, and says the day just outside either', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness initial="2025-03-13" min="2025-03-13" max="2026-03-12" required />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.selectOptions(part('Day'), '12');
    expect(value()).toBe('2025-03-12');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a date from 13 Mar 2025 to 12 Mar 2026.');
    await user.selectOptions(part('Year'), '2026');
    expect(value()).toBe('2026-03-12');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.selectOptions(part('Day'), '13');
    expect(value()).toBe('2026-03-13');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a date from 13 Mar 2025 to 12 Mar 2026.');
    // The years offered are min's to max's.
    expect(within(part('Year')).getAllByRole('option').map((option) => option.textContent)).toEqual(['2025', '2026']);
  });

  it('names each part with its own field, so two date fields side by side are told apart', () => {
    renderWithApp(
      <>
        <DateField id="from" label="From" value="2025-03-01" onChange={() => {}} />
        <DateField id="to" label="To" value="" onChange={() => {}} />
      </>,
    );
    for (const label of ['From', 'To']) {
      const field = screen.getByRole('group', { name: label });
      expect(within(field).getAllByRole('combobox')).toEqual(
        ['Day', 'Month', 'Year'].map((word) => screen.getByRole('combobox', { name: `${label} ${word}` })),
      );
    }
    expect(screen.queryByRole('combobox', { name: 'Day' })).not.toBeInTheDocument();
  });

  it('follows a new value from outside, but keeps a part chosen while the date is still incomplete', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    await user.selectOptions(part('Day'), '9');
    expect(shown()).toEqual(['09', 'Month', 'Year']);
    await user.click(screen.getByRole('button', { name: 'Christmas' }));
    expect(shown()).toEqual(['25', 'Dec', '2025']);
  });

  it('says a day before min or after max under the field, and names it from each select', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness initial="2025-03-10" min="2025-03-13" max="2026-03-12" required />);
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('Choose a date from 13 Mar 2025 to 12 Mar 2026.');
    expect(error).toHaveAttribute('id', 'day-error');
    for (const select of within(group()).getAllByRole('combobox')) {
      expect(select).toHaveAttribute('aria-invalid', 'true');
      expect(select).toHaveAccessibleDescription('Choose a date from 13 Mar 2025 to 12 Mar 2026.');
    }
    await expectNoAxeViolations();

    await user.selectOptions(part('Day'), '20');
    expect(value()).toBe('2025-03-20');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(part('Day')).not.toHaveAttribute('aria-invalid');

    await user.selectOptions(part('Year'), '2026');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a date from 13 Mar 2025 to 12 Mar 2026.');
  });

  it('says only the end that is given', () => {
    const { unmount } = renderWithApp(<Harness initial="2025-03-20" max="2025-03-12" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a date on or before 12 Mar 2025.');
    unmount();
    renderWithApp(<Harness initial="2025-03-01" min="2025-03-12" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a date on or after 12 Mar 2025.');
  });

  it("shows the form's words for what is wrong instead of its own", () => {
    renderWithApp(<Harness initial="2025-03-10" min="2025-03-13" error="Choose a due date from tomorrow to one year ahead" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a due date from tomorrow to one year ahead');
  });

  it('lets a date that may be left out be cleared', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness initial="2025-03-10" max="2025-03-12" />);
    await user.click(screen.getByRole('button', { name: 'Clear Due on' }));
    expect(value()).toBe('');
    expect(shown()).toEqual(['Day', 'Month', 'Year']);
    expect(screen.queryByRole('button', { name: 'Clear Due on' })).not.toBeInTheDocument();
    // Clear is gone, so the focus goes on to the day, not back to the page.
    expect(part('Day')).toHaveFocus();
    // Without a min, ten years before the max are offered.
    expect(within(part('Year')).getAllByRole('option').map((option) => option.textContent).slice(1, 3)).toEqual(['2015', '2016']);
    expect(within(part('Year')).getAllByRole('option').at(-1)).toHaveTextContent('2025');
  });
});

describe('the date field in a react-hook-form form', () => {
  const schema = z.object({ dueOn: z.string().check(z.minLength(1, 'Choose a date')) });

  function DueForm({ onSubmit }: { onSubmit: (values: { dueOn: string }) => void }) {
    const { control, handleSubmit, formState: { errors } } = useForm({ resolver: zodResolver(schema), defaultValues: { dueOn: '' } });
    return (
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <Controller
          control={control}
          name="dueOn"
          render={({ field }) => <DateField id="due" label="Due on" required error={errors.dueOn?.message} {...field} />}
        />
        <button type="submit">Save</button>
      </form>
    );
  }

  it('sends the ISO day, and focuses the day with the error under the field when none is chosen', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<DueForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a date');
    expect(part('Day')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    const thisYear = String(new Date().getFullYear());
    await user.selectOptions(part('Day'), '12');
    await user.selectOptions(part('Month'), 'Mar');
    await user.selectOptions(part('Year'), thisYear);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]![0]).toEqual({ dueOn: `${thisYear}-03-12` });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
