import { fireEvent, render, screen } from '@testing-library/react';
import { useId, useRef, useState, type ComponentProps } from 'react';
import { createPortal } from 'react-dom';
import { describe, expect, it } from 'vitest';

function Field(props: ComponentProps<'input'>) {
  return <input {...props} />;
}

function Labelled({ name }: { name: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{name}</h2>
    </section>
  );
}

describe('the React 19 behaviours lib/preact-react19.ts adds to Preact', () => {
  it('passes ref to a function component as a prop, so it reaches the element', () => {
    let seen: HTMLInputElement | null = null;
    function Form() {
      const field = useRef<HTMLInputElement>(null);
      return <Field aria-label="Name" ref={(node) => { seen = node; field.current = node; }} />;
    }
    render(<Form />);
    expect(seen).toBe(screen.getByLabelText('Name'));
  });

  it('focuses an element rendered with autoFocus once, as it mounts', () => {
    function Later() {
      const [shown, setShown] = useState(false);
      const [count, setCount] = useState(0);
      return (
        <>
          <button onClick={() => { setShown(true); setCount(count + 1); }}>Show {count}</button>
          {shown && <input aria-label="PIN" autoFocus />}
        </>
      );
    }
    render(<Later />);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByLabelText('PIN')).toHaveFocus();
    // Rendered again, it does not take the focus back.
    screen.getByRole('button').focus();
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button', { name: 'Show 2' })).toHaveFocus();
  });

  it('gives ids unique in the page, in portals opened one from another too', () => {
    function Dialogs() {
      return (
        <>
          {createPortal(<Labelled name="Statement" />, document.body)}
          {createPortal(<Labelled name="Refund payment" />, document.body)}
        </>
      );
    }
    render(<Dialogs />);
    render(<Labelled name="Another root" />);
    expect(screen.getByRole('region', { name: 'Statement' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Refund payment' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Another root' })).toBeInTheDocument();
  });
});
