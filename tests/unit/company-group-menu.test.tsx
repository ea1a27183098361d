/** @jest-environment jsdom */
// The group menu of a desktop holds menu items only, in every state: a role="status" line or a
// loose link inside role="menu" is an aria-required-children violation (axe caught the loading
// state on the company page when its scan came before the groups).
import * as React from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { CompanyGroupMenu } from '@/components/groups/company-group-menu';
import type { GroupForCompany } from '@/lib/groups/types';

let answer: () => Promise<GroupForCompany[]> = () => new Promise(() => {});
jest.mock('@/lib/groups/client', () => ({
  ...jest.requireActual('@/lib/groups/client'),
  groupsApi: { getGroupsForCompany: () => answer() },
}));
jest.mock('@/components/watch/use-watch', () => ({ useWatch: () => ({ watched: false, busy: false, toggle: jest.fn() }) }));

/** The roles a menu may hold (WAI-ARIA 1.2: menu items, groups of them, separators). */
const ALLOWED = new Set(['menuitem', 'menuitemcheckbox', 'menuitemradio', 'group', 'separator', 'none', 'presentation']);

function rolesInMenu(menu: HTMLElement): string[] {
  // Every element with a role of its own, or a link (role link), that is not inside a menu item.
  const found: string[] = [];
  const walk = (el: Element) => {
    for (const child of Array.from(el.children)) {
      const role = child.getAttribute('role') ?? (child.tagName === 'A' ? 'link' : null);
      if (role) found.push(role);
      if (!role || role === 'group' || role === 'none' || role === 'presentation') walk(child);
    }
  };
  walk(menu);
  return found;
}

async function openMenu() {
  render(<CompanyGroupMenu company={{ Cui: 14399840, Name: 'Dante International' }} />);
  await act(async () => {
    fireEvent.keyDown(screen.getByRole('button'), { key: 'Enter' });
  });
  return screen.getByRole('menu');
}

test('while the groups load, the menu says so in a disabled item', async () => {
  answer = () => new Promise(() => {});
  const menu = await openMenu();
  expect(within(menu).getByRole('menuitem', { name: /Se încarcă grupurile/ })).toHaveAttribute('aria-disabled', 'true');
  expect(rolesInMenu(menu).filter((r) => !ALLOWED.has(r))).toEqual([]);
});

test('without a group, the way to a first one is a menu item', async () => {
  answer = async () => [];
  const menu = await openMenu();
  const item = await within(menu).findByRole('menuitem', { name: /Nu aveți încă niciun grup\. Creați un grup/ });
  expect(item).toHaveAttribute('href', '/Companii');
  expect(rolesInMenu(menu).filter((r) => !ALLOWED.has(r))).toEqual([]);
});
