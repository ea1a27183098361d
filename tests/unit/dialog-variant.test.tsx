/** @jest-environment jsdom */
// DialogContent's phone shape (decision 093): the tall sizes are full-screen sheets below 640 px
// unless told otherwise, the short ones stay boxes; a sheet's footer is the sticky one, and a
// focused field in a sheet on a phone is scrolled to the middle once the keyboard is up.
import * as React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, type DialogContentProps } from '@/components/ui/dialog';

function Open(props: Omit<DialogContentProps, 'children'>) {
  return (
    <Dialog open>
      <DialogContent {...props}>
        <DialogTitle>Titlu</DialogTitle>
        <DialogDescription>Descriere</DialogDescription>
        <label htmlFor="f">Câmp</label>
        <input id="f" />
        <DialogFooter>
          <button type="button">Da</button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const shape = () => screen.getByRole('dialog').getAttribute('data-variant');

describe('DialogContent variant', () => {
  it.each([
    ['area', 'sheet'],
    ['lg', 'sheet'],
    ['xl', 'sheet'],
    ['full', 'sheet'],
    ['md', 'center'],
    ['sm', 'center'],
  ] as const)('size %s is a %s by default', (size, expected) => {
    render(<Open size={size} />);
    expect(shape()).toBe(expected);
  });

  it('an explicit variant wins over the size', () => {
    const { unmount } = render(<Open size="md" variant="sheet" />);
    expect(shape()).toBe('sheet');
    unmount();
    render(<Open size="area" variant="center" />);
    expect(shape()).toBe('center');
  });

  it('the sheet fills the screen and its footer sticks only below 640 px', () => {
    render(<Open size="area" />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.className).toContain('max-sm:inset-0');
    expect(dialog.className).toContain('max-sm:h-dvh');
    expect(screen.getByText('Da').parentElement!.className).toContain('max-sm:group-data-[variant=sheet]/dialog:sticky');
  });

  describe('a focused field on a phone', () => {
    const scrollIntoView = jest.fn();
    beforeEach(() => {
      jest.useFakeTimers();
      scrollIntoView.mockReset();
      Element.prototype.scrollIntoView = scrollIntoView;
    });
    afterEach(() => {
      jest.useRealTimers();
      delete (window as { matchMedia?: unknown }).matchMedia;
    });
    const phone = (matches: boolean) => {
      window.matchMedia = ((q: string) => ({ matches, media: q, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    };

    it('is scrolled to the middle of a sheet after the keyboard opens', () => {
      phone(true);
      render(<Open size="area" />);
      fireEvent.focus(screen.getByLabelText('Câmp'));
      expect(scrollIntoView).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(300));
      expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center', behavior: 'smooth' });
    });

    it('is left alone in a box, and on a wide screen', () => {
      phone(true);
      const { unmount } = render(<Open size="sm" />);
      fireEvent.focus(screen.getByLabelText('Câmp'));
      act(() => jest.advanceTimersByTime(300));
      unmount();
      phone(false);
      render(<Open size="area" />);
      fireEvent.focus(screen.getByLabelText('Câmp'));
      act(() => jest.advanceTimersByTime(300));
      expect(scrollIntoView).not.toHaveBeenCalled();
    });
  });
});
