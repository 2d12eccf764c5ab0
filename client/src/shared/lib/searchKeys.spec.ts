import { isSearchShortcut, moveSelection } from './searchKeys';

describe('search shortcut', () => {
  const base = { ctrlKey: false, metaKey: false, altKey: false };
  it('matches Ctrl+S and Cmd+S on the physical key, whatever the layout', () => {
    expect(isSearchShortcut({ ...base, ctrlKey: true, code: 'KeyS', key: 's' })).toBe(true);
    expect(isSearchShortcut({ ...base, metaKey: true, code: 'KeyS', key: 's' })).toBe(true);
    // Arabic layout: the S key types 'س'
    expect(isSearchShortcut({ ...base, ctrlKey: true, code: 'KeyS', key: 'س' })).toBe(true);
  });
  it('does not match other keys or a bare S', () => {
    expect(isSearchShortcut({ ...base, code: 'KeyS', key: 's' })).toBe(false);
    expect(isSearchShortcut({ ...base, ctrlKey: true, code: 'KeyA', key: 's' })).toBe(false);
    expect(isSearchShortcut({ ...base, ctrlKey: true, altKey: true, code: 'KeyS', key: 's' })).toBe(
      false,
    );
  });
  it('falls back to the character when no code is sent', () => {
    expect(isSearchShortcut({ ...base, ctrlKey: true, code: '', key: 'س' })).toBe(true);
    expect(isSearchShortcut({ ...base, ctrlKey: true, code: '', key: 'x' })).toBe(false);
  });
});

describe('moveSelection', () => {
  it('clamps at both ends', () => {
    expect(moveSelection(0, -1, 5)).toBe(0);
    expect(moveSelection(0, 1, 5)).toBe(1);
    expect(moveSelection(4, 1, 5)).toBe(4);
    expect(moveSelection(3, 1, 5)).toBe(4);
    expect(moveSelection(0, 1, 0)).toBe(0);
  });
});
