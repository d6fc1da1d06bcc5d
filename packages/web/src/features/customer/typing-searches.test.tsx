import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { typesCharacter, useTypingSearches } from './typing-searches';

function Counter({ dialog = false }: { dialog?: boolean }) {
  const box = useRef<HTMLInputElement>(null);
  useTypingSearches(box);
  return (
    <>
      <input ref={box} data-testid="box" />
      <input data-testid="other" />
      <button type="button" data-testid="purchase">
        purchase
      </button>
      {dialog ? <div role="dialog" /> : null}
    </>
  );
}

describe('typing at the counter searches', () => {
  it('a character typed with the focus on a button (Purchase) goes to the search box', () => {
    render(<Counter />);
    screen.getByTestId('purchase').focus();
    fireEvent.keyDown(document.activeElement!, { key: '7' });
    expect(document.activeElement).toBe(screen.getByTestId('box'));
  });

  it('leaves other fields, shortcuts and open dialogs alone', () => {
    const { unmount } = render(<Counter />);
    screen.getByTestId('other').focus();
    fireEvent.keyDown(document.activeElement!, { key: '7' });
    expect(document.activeElement).toBe(screen.getByTestId('other'));
    screen.getByTestId('purchase').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'c', ctrlKey: true });
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByTestId('purchase'));
    unmount();
    render(<Counter dialog />);
    screen.getByTestId('purchase').focus();
    fireEvent.keyDown(document.activeElement!, { key: '7' });
    expect(document.activeElement).toBe(screen.getByTestId('purchase'));
  });

  it('knows a typed character from a key', () => {
    expect(typesCharacter({ key: '5', ctrlKey: false, metaKey: false, altKey: false })).toBe(true);
    expect(typesCharacter({ key: 'Enter', ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
    expect(typesCharacter({ key: 'v', ctrlKey: false, metaKey: true, altKey: false })).toBe(false);
  });
});
