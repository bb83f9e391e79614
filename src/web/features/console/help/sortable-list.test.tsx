import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SortableList } from './sortable-list';

const ITEMS = [
  { id: 'a', title: 'Getting started' },
  { id: 'b', title: 'Signing in' },
  { id: 'c', title: 'Your profile' },
  { id: 'd', title: 'Administrators' },
];

function Harness({ onReorder }: { onReorder: (ids: string[]) => void }) {
  const [items, setItems] = useState(ITEMS);
  return (
    <SortableList
      label="Help categories"
      items={items}
      getId={(item) => item.id}
      getLabel={(item) => item.title}
      onReorder={(ids) => {
        onReorder(ids);
        setItems(ids.map((id) => ITEMS.find((item) => item.id === id)!));
      }}
      renderItem={(item, { handle }) => (
        <div>
          {handle}
          <span>{item.title}</span>
        </div>
      )}
    />
  );
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Help categories' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

const announcement = () => document.querySelector('[aria-live="assertive"]')?.textContent ?? '';

/** jsdom has no layout: each row gets a 40 px slot of a 300 px wide column, where dnd-kit measures it. */
function layOutRows() {
  screen.getAllByRole('listitem').forEach((row, index) => {
    row.getBoundingClientRect = () => ({
      top: index * 40,
      height: 40,
      bottom: index * 40 + 40,
      left: 0,
      right: 300,
      width: 300,
      x: 0,
      y: index * 40,
      toJSON: () => ({}),
    });
  });
}

/** A primary-button pointer event at (10, clientY): jsdom has no PointerEvent, so a MouseEvent of that type. */
function pointer(type: 'pointerdown' | 'pointermove' | 'pointerup', target: EventTarget, clientY: number) {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, clientX: 10, clientY });
  Object.defineProperty(event, 'isPrimary', { value: true });
  fireEvent(target as Element, event);
}

/** Renders the list laid out, with a spy for the reported orders. */
function setUp() {
  const onReorder = vi.fn();
  render(<Harness onReorder={onReorder} />);
  layOutRows();
  return { user: userEvent.setup(), onReorder };
}

describe('SortableList', () => {
  it('moves an item with the keyboard, announces each step and reports the new order once, on drop', async () => {
    const { user, onReorder } = setUp();

    const handle = screen.getByRole('button', { name: 'Reorder Getting started' });
    const instructions = document.getElementById(handle.getAttribute('aria-describedby') ?? '');
    expect(instructions?.textContent).toMatch(/press Space to pick up, the arrow keys \(or Home and End\) to move/);
    handle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(announcement()).toMatch(/Picked up Getting started, position 1 of 4/));
    expect(handle.getAttribute('aria-pressed')).toBe('true');

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(announcement()).toBe('Getting started moved to position 2 of 4.'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(announcement()).toBe('Getting started moved to position 3 of 4.'));
    expect(onReorder).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(onReorder).toHaveBeenCalledTimes(1));
    expect(onReorder).toHaveBeenCalledWith(['b', 'c', 'a', 'd']);
    expect(titles()).toEqual(['Signing in', 'Your profile', 'Getting started', 'Administrators']);
    await waitFor(() => expect(announcement()).toBe('Getting started dropped at position 3 of 4.'));
    // The moved item's handle keeps the focus, ready for the next move.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reorder Getting started' })));
  });

  it('takes an item to either end with Home and End', async () => {
    const { user, onReorder } = setUp();
    screen.getByRole('button', { name: 'Reorder Your profile' }).focus();
    await user.keyboard(' {Home} ');
    await waitFor(() => expect(onReorder).toHaveBeenLastCalledWith(['c', 'a', 'b', 'd']));

    layOutRows();
    screen.getByRole('button', { name: 'Reorder Your profile' }).focus();
    await user.keyboard(' {End} ');
    await waitFor(() => expect(onReorder).toHaveBeenLastCalledWith(['a', 'b', 'd', 'c']));
  });

  it('puts the item back on Escape without reporting anything', async () => {
    const { user, onReorder } = setUp();
    screen.getByRole('button', { name: 'Reorder Signing in' }).focus();
    await user.keyboard(' {ArrowUp}');
    await waitFor(() => expect(announcement()).toBe('Signing in moved to position 1 of 4.'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(announcement()).toBe('Reordering cancelled. Signing in is back at position 2 of 4.'));
    expect(titles()).toEqual(ITEMS.map((item) => item.title));
    expect(onReorder).not.toHaveBeenCalled();
  });

  it('does not report a drop that changes nothing', async () => {
    const { user, onReorder } = setUp();
    screen.getByRole('button', { name: 'Reorder Getting started' }).focus();
    await user.keyboard(' {ArrowUp} ');
    await waitFor(() => expect(announcement()).toBe('Getting started dropped; the order did not change.'));
    expect(onReorder).not.toHaveBeenCalled();
  });

  it('follows a pointer drag and drops where the pointer is released', async () => {
    const { onReorder } = setUp();
    const handle = screen.getByRole('button', { name: 'Reorder Getting started' });
    pointer('pointerdown', handle, 20);
    // Into the third row (80–120): the item takes its place.
    pointer('pointermove', document, 30);
    pointer('pointermove', document, 105);
    await waitFor(() => expect(announcement()).toMatch(/Getting started moved to position 3 of 4/));
    pointer('pointerup', document, 105);
    await waitFor(() => expect(onReorder).toHaveBeenCalledWith(['b', 'c', 'a', 'd']));
  });

  it('does not start a drag on a press that does not move, and not at all while disabled (the handle keeps its focus)', () => {
    const onReorder = vi.fn();
    const { rerender } = render(
      <SortableList
        label="Help categories"
        items={ITEMS}
        getId={(item) => item.id}
        getLabel={(item) => item.title}
        onReorder={onReorder}
        renderItem={(item, { handle }) => (
          <div>
            {handle}
            {item.title}
          </div>
        )}
      />,
    );
    const handle = screen.getByRole('button', { name: 'Reorder Getting started' });
    pointer('pointerdown', handle, 20);
    pointer('pointerup', document, 20);
    expect(handle.getAttribute('aria-pressed')).toBeNull();
    rerender(
      <SortableList
        disabled
        label="Help categories"
        items={ITEMS}
        getId={(item) => item.id}
        getLabel={(item) => item.title}
        onReorder={onReorder}
        renderItem={(item, { handle }) => (
          <div>
            {handle}
            {item.title}
          </div>
        )}
      />,
    );
    const disabledHandle = screen.getByRole('button', { name: 'Reorder Getting started' });
    expect(disabledHandle.getAttribute('aria-disabled')).toBe('true');
    pointer('pointerdown', disabledHandle, 20);
    pointer('pointermove', document, 105);
    pointer('pointerup', document, 105);
    expect(disabledHandle.getAttribute('aria-pressed')).toBeNull();
    expect(onReorder).not.toHaveBeenCalled();
  });
});
