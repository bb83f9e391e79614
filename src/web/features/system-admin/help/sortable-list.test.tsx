import { act, fireEvent, render, screen, within } from '@testing-library/react';
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

const announcement = () => document.querySelector('[aria-live="assertive"]')!.textContent;

describe('SortableList', () => {
  it('moves an item with the keyboard and reports the new order once, on drop', async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn();
    render(<Harness onReorder={onReorder} />);

    const handle = screen.getByRole('button', { name: 'Reorder Getting started' });
    expect(handle.getAttribute('aria-describedby')).toMatch(/\S/);
    handle.focus();
    await user.keyboard(' ');
    expect(announcement()).toMatch(/Picked up Getting started, position 1 of 4/);
    expect(handle.getAttribute('aria-pressed')).toBe('true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(titles()).toEqual(['Signing in', 'Your profile', 'Getting started', 'Administrators']);
    expect(announcement()).toBe('Getting started moved to position 3 of 4.');
    expect(onReorder).not.toHaveBeenCalled();
    // Focus stays on the moved item's handle.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reorder Getting started' }));

    await user.keyboard('{Enter}');
    expect(onReorder).toHaveBeenCalledTimes(1);
    expect(onReorder).toHaveBeenCalledWith(['b', 'c', 'a', 'd']);
    expect(announcement()).toBe('Getting started dropped at position 3 of 4.');

    // End and Home jump to the ends.
    const last = screen.getByRole('button', { name: 'Reorder Administrators' });
    last.focus();
    await user.keyboard(' {Home} ');
    expect(onReorder).toHaveBeenLastCalledWith(['d', 'b', 'c', 'a']);
  });

  it('puts the item back on Escape without reporting anything', async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn();
    render(<Harness onReorder={onReorder} />);
    screen.getByRole('button', { name: 'Reorder Signing in' }).focus();
    await user.keyboard(' {ArrowUp}');
    expect(titles()[0]).toBe('Signing in');
    await user.keyboard('{Escape}');
    expect(titles()).toEqual(ITEMS.map((item) => item.title));
    expect(onReorder).not.toHaveBeenCalled();
    expect(announcement()).toMatch(/Reordering cancelled. Signing in is back at position 2 of 4/);
  });

  it('does not report a drop that changes nothing', async () => {
    const user = userEvent.setup();
    const onReorder = vi.fn();
    render(<Harness onReorder={onReorder} />);
    screen.getByRole('button', { name: 'Reorder Getting started' }).focus();
    await user.keyboard(' {ArrowUp} ');
    expect(onReorder).not.toHaveBeenCalled();
  });

  it('follows a pointer drag and drops where the pointer is released', () => {
    const onReorder = vi.fn();
    render(<Harness onReorder={onReorder} />);
    // jsdom has no layout: give each row a 40 px slot.
    const rows = screen.getAllByRole('listitem');
    rows.forEach((row, index) => {
      row.getBoundingClientRect = () => ({ top: index * 40, height: 40, bottom: index * 40 + 40, left: 0, right: 300, width: 300, x: 0, y: index * 40, toJSON: () => ({}) });
    });
    const handle = screen.getByRole('button', { name: 'Reorder Getting started' });
    fireEvent.pointerDown(handle, { button: 0, clientY: 20 });
    // Past the middle of the third row (80–120): the item belongs after it.
    act(() => {
      window.dispatchEvent(new MouseEvent('pointermove', { clientY: 105 }));
    });
    expect(titles()).toEqual(['Signing in', 'Your profile', 'Getting started', 'Administrators']);
    act(() => {
      window.dispatchEvent(new MouseEvent('pointerup', { clientY: 105 }));
    });
    expect(onReorder).toHaveBeenCalledWith(['b', 'c', 'a', 'd']);
  });

  it('cancels a pointer drag with Escape', () => {
    const onReorder = vi.fn();
    render(<Harness onReorder={onReorder} />);
    screen.getAllByRole('listitem').forEach((row, index) => {
      row.getBoundingClientRect = () => ({ top: index * 40, height: 40, bottom: index * 40 + 40, left: 0, right: 300, width: 300, x: 0, y: index * 40, toJSON: () => ({}) });
    });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Reorder Administrators' }), { button: 0, clientY: 140 });
    act(() => {
      window.dispatchEvent(new MouseEvent('pointermove', { clientY: 5 }));
    });
    expect(titles()[0]).toBe('Administrators');
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(titles()).toEqual(ITEMS.map((item) => item.title));
    expect(onReorder).not.toHaveBeenCalled();
  });
});
