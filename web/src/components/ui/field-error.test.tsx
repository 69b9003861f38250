import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { FieldError, fieldErrorId, fieldErrorProps, issueText } from './field-error';
import { Input, Label } from './input';

const catalogue = {
  weakPin: { title: 'Invalid PIN', description: 'This PIN is too easy to guess. Choose another.' },
  pinMismatch: { title: "PINs don't match" },
};

function Field({ error, hint }: { error?: string; hint?: boolean }) {
  return (
    <div>
      <Label htmlFor="pin">PIN</Label>
      <Input id="pin" {...fieldErrorProps('pin', error, hint ? 'pin-hint' : undefined)} />
      {hint && <p id="pin-hint">4 digits</p>}
      <FieldError fieldId="pin" error={error} />
    </div>
  );
}

describe('field errors', () => {
  it('take the words of the toast for the key the schema named: its text, or its title when it has none', () => {
    expect(issueText({ message: 'weakPin' }, catalogue)).toBe('This PIN is too easy to guess. Choose another.');
    expect(issueText({ message: 'pinMismatch' }, catalogue)).toBe("PINs don't match");
    expect(issueText(undefined, catalogue)).toBeUndefined();
    expect(issueText({ message: 'toString' }, catalogue), 'only the catalogue’s own keys').toBeUndefined();
    expect(issueText({ message: 'Some sentence' }, catalogue)).toBeUndefined();
  });

  it('stand under the field as an alert, named by the input, which is marked invalid', async () => {
    render(<Field error="This PIN is too easy to guess. Choose another." />);
    const input = screen.getByLabelText('PIN');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This PIN is too easy to guess. Choose another.');
    expect(alert).toHaveAttribute('id', fieldErrorId('pin'));
    expect(fieldErrorId('pin')).toBe('pin-error');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This PIN is too easy to guess. Choose another.');
    await expectNoAxeViolations();
  });

  it('keep a field’s own hint in its description, the error after it', () => {
    render(<Field hint error="PIN must be exactly 4 digits" />);
    const input = screen.getByLabelText('PIN');
    expect(input).toHaveAttribute('aria-describedby', 'pin-hint pin-error');
    expect(input).toHaveAccessibleDescription('4 digits PIN must be exactly 4 digits');
  });

  it('leave nothing behind while the field is fine', () => {
    render(<Field hint />);
    const input = screen.getByLabelText('PIN');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAttribute('aria-describedby', 'pin-hint');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fieldErrorProps('pin', null)).toEqual({ 'aria-invalid': undefined, 'aria-describedby': undefined });
  });
});
