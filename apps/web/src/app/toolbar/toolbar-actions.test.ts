import { describe, expect, it } from 'vitest';
import { PHONE_ACTION_SLOTS, splitToolbarActions, type ToolbarActionKey } from './toolbar-actions.ts';

const actions = (...keys: ToolbarActionKey[]) => keys.map((key) => ({ key }));
const keys = (list: { key: ToolbarActionKey }[]) => list.map((action) => action.key);

describe('toolbar actions on phones', () => {
  it('shows every action where there is room (tablet and desktop)', () => {
    const split = splitToolbarActions(actions('filter', 'sort', 'print', 'upload', 'add'), null);
    expect(keys(split.inline)).toEqual(['filter', 'sort', 'print', 'upload', 'add']);
    expect(split.overflow).toEqual([]);
  });

  it('keeps as many actions as there are slots without an overflow menu', () => {
    const split = splitToolbarActions(actions('sort', 'print'), PHONE_ACTION_SLOTS);
    expect(keys(split.inline)).toEqual(['sort', 'print']);
    expect(split.overflow).toEqual([]);
    expect(keys(splitToolbarActions(actions('save'), PHONE_ACTION_SLOTS).inline)).toEqual(['save']);
  });

  it("keeps the page's main action in view and moves the rest into the menu, in toolbar order", () => {
    // The employee list of an administrator: filter, sort, print, upload, add.
    const list = splitToolbarActions(actions('filter', 'sort', 'print', 'upload', 'add'), PHONE_ACTION_SLOTS);
    expect(keys(list.inline)).toEqual(['add']);
    expect(keys(list.overflow)).toEqual(['filter', 'sort', 'print', 'upload']);
    // A record page with preview and save: save stays.
    const record = splitToolbarActions(actions('print', 'preview', 'save'), PHONE_ACTION_SLOTS);
    expect(keys(record.inline)).toEqual(['save']);
    expect(keys(record.overflow)).toEqual(['print', 'preview']);
  });

  it('keeps the first action in toolbar order when none of them is a main action', () => {
    // The hazard assessment list: filter, sort, print.
    const split = splitToolbarActions(actions('filter', 'sort', 'print'), PHONE_ACTION_SLOTS);
    expect(keys(split.inline)).toEqual(['filter']);
    expect(keys(split.overflow)).toEqual(['sort', 'print']);
  });

  it('fills more slots with main actions first, then in toolbar order', () => {
    const split = splitToolbarActions(actions('filter', 'sort', 'print', 'add', 'save'), 4);
    expect(keys(split.inline)).toEqual(['filter', 'add', 'save']);
    expect(keys(split.overflow)).toEqual(['sort', 'print']);
  });

  it('keeps save before add when a page has both and only one slot is free', () => {
    const split = splitToolbarActions(actions('sort', 'add', 'save'), PHONE_ACTION_SLOTS);
    expect(keys(split.inline)).toEqual(['save']);
    expect(keys(split.overflow)).toEqual(['sort', 'add']);
  });
});
