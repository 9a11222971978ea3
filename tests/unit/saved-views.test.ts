// Saved views (docs/views.md): the store (per user and deployment, rename, delete, default, forget) over a Map,
// and the model (the canonical state, "modified", the link, which view the screen shows).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  deleteView,
  forgetViews,
  listViews,
  memoryViewsBackend,
  renameView,
  saveView,
  setDefaultView,
  setViewsBackend,
  viewsScope,
} from '../../src/api/views/store';
import { sessionStore } from '../../src/api/session';
import { readListState, shownColumns, SORT_KEYS, writeListState } from '../../src/features/rfis/model/list';
import {
  currentView,
  freeName,
  isModified,
  viewLink,
  viewNameOf,
  viewParams,
} from '../../src/ui/views/model';

const A = 'https://a.example|pm';
const B = 'https://a.example|admin';
const OTHER_DEPLOYMENT = 'https://b.example|pm';
const rfi = (name: string, params = 'overdue=1') => ({
  list: 'rfis' as const,
  name,
  path: '/projects/1/rfis/5',
  params,
});

describe('saved views: the store', () => {
  beforeEach(() => setViewsBackend(memoryViewsBackend()));
  afterEach(() => {
    setViewsBackend(undefined);
    sessionStore.clear();
  });

  it('keeps views per user and per deployment', async () => {
    await saveView(rfi('overdue by architect'), A);
    await saveView(rfi('mine'), B);
    await saveView(rfi('elsewhere'), OTHER_DEPLOYMENT);
    expect((await listViews('rfis', A)).map((v) => v.name)).toEqual(['overdue by architect']);
    expect((await listViews('rfis', B)).map((v) => v.name)).toEqual(['mine']);
    expect((await listViews('rfis', OTHER_DEPLOYMENT)).map((v) => v.name)).toEqual(['elsewhere']);
    expect(await listViews('documents', A)).toEqual([]);
  });

  it('is the signed-in user’s scope (names in any case), and nothing when signed out', async () => {
    expect(viewsScope()).toBeUndefined();
    expect(await listViews('rfis')).toEqual([]);
    await expect(saveView(rfi('x'))).rejects.toThrow(/signed in/i);
    sessionStore.set({ sessionKey: 's', apiKey: 'k', userName: 'PM' });
    expect(viewsScope()).toMatch(/\|pm$/);
    await saveView(rfi('x'));
    expect((await listViews('rfis')).map((v) => v.name)).toEqual(['x']);
  });

  it('saves under a taken name by replacing that view (same id), and lists by name', async () => {
    const first = await saveView(rfi('b view', 'q=a'), A);
    await saveView(rfi('A view'), A);
    const again = await saveView(rfi('B VIEW', 'q=b'), A);
    expect(again.id).toBe(first.id);
    const views = await listViews('rfis', A);
    expect(views.map((v) => [v.name, v.params])).toEqual([
      ['A view', 'overdue=1'],
      ['B VIEW', 'q=b'],
    ]);
    await expect(saveView(rfi('  '), A)).rejects.toThrow(/name/);
  });

  it('renames (refusing a name another view has) and deletes', async () => {
    const one = await saveView(rfi('one'), A);
    await saveView(rfi('two'), A);
    await expect(renameView(one.id, 'TWO', A)).rejects.toThrow(/exists/);
    const renamed = await renameView(one.id, 'overdue by architect', A);
    expect(renamed).toMatchObject({ id: one.id, name: 'overdue by architect', params: 'overdue=1' });
    await deleteView(one.id, A);
    expect((await listViews('rfis', A)).map((v) => v.name)).toEqual(['two']);
    await deleteView(one.id, B); // gone already, another user: nothing happens
  });

  it('has at most one default per list and user', async () => {
    const one = await saveView(rfi('one'), A);
    const two = await saveView(rfi('two'), A);
    const doc = await saveView({ ...rfi('docs'), list: 'documents' }, A);
    await setDefaultView('documents', doc.id, A);
    await setDefaultView('rfis', one.id, A);
    await setDefaultView('rfis', two.id, A);
    const defaults = (await listViews(undefined, A)).filter((v) => v.isDefault).map((v) => v.name);
    expect(defaults.sort()).toEqual(['docs', 'two']);
    // Saving the default again keeps it the default.
    await saveView(rfi('two', 'q=new'), A);
    expect((await listViews('rfis', A)).find((v) => v.name === 'two')?.isDefault).toBe(true);
    await setDefaultView('rfis', undefined, A);
    expect((await listViews('rfis', A)).some((v) => v.isDefault)).toBe(false);
  });

  it('forgets every view of this browser', async () => {
    await saveView(rfi('one'), A);
    await saveView(rfi('two'), B);
    await forgetViews();
    expect(await listViews(undefined, A)).toEqual([]);
    expect(await listViews(undefined, B)).toEqual([]);
  });
});

describe('saved views: the model', () => {
  it('keeps a list’s own parameters, canonical: sorted, without the view’s name, ignored or empty ones', () => {
    expect(viewParams('sort=due&q=pump&view=mine&entry=4&dir=desc&court=', { ignore: ['entry'] })).toBe(
      'dir=desc&q=pump&sort=due',
    );
    expect(viewParams(new URLSearchParams('cols=number%2Csubject&widths=subject%3A320'))).toBe(
      'cols=number%2Csubject&widths=subject%3A320',
    );
  });

  it('marks a screen modified when its state differs from the view, in any order', () => {
    const view = { params: 'overdue=1&sort=due' };
    expect(isModified(view, 'sort=due&overdue=1&view=x')).toBe(false);
    expect(isModified(view, 'sort=due&overdue=1&entry=3', { ignore: ['entry'] })).toBe(false);
    expect(isModified(view, 'sort=due')).toBe(true);
    expect(isModified(view, 'sort=due&overdue=1&cols=number')).toBe(true);
    expect(isModified(undefined, 'q=x')).toBe(false);
  });

  it('carries a view in a link and reads it back', () => {
    const view = { name: 'overdue by architect', path: '/projects/1/rfis/5', params: 'overdue=1&sort=due' };
    const link = viewLink(view, 'https://pm.example');
    expect(link).toBe('https://pm.example/projects/1/rfis/5?overdue=1&sort=due&view=overdue+by+architect');
    const url = new URL(link);
    expect(viewNameOf(url.search)).toBe('overdue by architect');
    expect(viewParams(url.search)).toBe(view.params);
  });

  it('finds the view shown: named by the address, chosen before, or the same state', () => {
    const views = [
      { name: 'Overdue', params: 'overdue=1' },
      { name: 'Due soon', params: 'sort=due' },
    ];
    expect(currentView(views, '?q=x&view=overdue', undefined).view?.name).toBe('Overdue');
    expect(currentView(views, '?view=From%20Sam&q=x', undefined)).toEqual({ linked: 'From Sam' });
    expect(currentView(views, '?q=x', 'Due soon').view?.name).toBe('Due soon');
    expect(currentView(views, '?sort=due', undefined).view?.name).toBe('Due soon');
    expect(currentView(views, '?sort=number', undefined)).toEqual({});
  });

  it('offers a free name', () => {
    expect(freeName([{ name: 'Overdue' }], 'overdue')).toBe('overdue (2)');
    expect(freeName([], '')).toBe('View');
  });
});

describe('saved views: the RFI log’s columns in the address', () => {
  it('reads and writes the shown columns, their order and widths, dropping what is not a column', () => {
    const state = readListState(
      new URLSearchParams('cols=subject,number,bogus,subject&widths=subject:320,due:10,x:99'),
    );
    expect(state.cols).toEqual(['subject', 'number']);
    expect(state.widths).toEqual({ subject: 320 });
    expect(writeListState(state).toString()).toBe('cols=subject%2Cnumber&widths=subject%3A320');
    // Every column in the usual order is no choice at all: nothing in the address.
    expect(writeListState({ ...state, cols: [...SORT_KEYS], widths: undefined }).toString()).toBe('');
    expect(shownColumns(readListState(new URLSearchParams('')))).toEqual(SORT_KEYS);
  });
});
