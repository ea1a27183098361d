/** @jest-environment jsdom */
// Partial hydration (components/layout/keep-server-html.tsx, decision 029): the server's HTML of a
// KeepServerHtml part is kept as it is while the page hydrates (its components do not run), goes
// live when asked, and renders normally when there is no server HTML.
import * as React from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';

import * as keep from '@/components/layout/keep-server-html';

// The module's "app hydrated" flag only ever turns on: the tests run in this order.
type Mod = typeof keep;
const load = (): Mod => keep;

function Card({ renders, label }: { renders: jest.Mock; label: string }) {
  renders();
  return <button type="button">{label}</button>;
}

function Page({ mod, live, renders, label }: { mod: Mod; live: boolean; renders: jest.Mock; label: string }) {
  return (
    <main>
      <h1>Titlu</h1>
      <mod.KeepServerHtml live={live} className="cards">
        <Card renders={renders} label={label} />
      </mod.KeepServerHtml>
    </main>
  );
}

afterEach(() => {
  document.documentElement.removeAttribute('data-rf-ssr');
  document.body.innerHTML = '';
});

test('hydration keeps the server HTML without running its components; live replaces it with the live children', async () => {
  const mod = load();
  const serverRenders = jest.fn();
  // The server renders the children (no window there in production; here the SSR marker is absent, so renderToString renders them).
  const html = renderToString(<Page mod={mod} live={false} renders={serverRenders} label="De pe server" />);
  expect(serverRenders).toHaveBeenCalledTimes(1);
  expect(html).toContain('De pe server');

  document.documentElement.setAttribute('data-rf-ssr', '');
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const serverButton = container.querySelector('button');

  const clientRenders = jest.fn();
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  let root: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, <Page mod={mod} live={false} renders={clientRenders} label="Din client" />);
  });
  // Not hydrated: the component did not run and the server's node is the same node.
  expect(clientRenders).not.toHaveBeenCalled();
  expect(container.querySelector('button')).toBe(serverButton);
  expect(container.querySelector('.cards')?.textContent).toBe('De pe server');
  expect(errors).not.toHaveBeenCalled();

  // A re-render that stays static leaves the HTML alone.
  await act(async () => root.render(<Page mod={mod} live={false} renders={clientRenders} label="Din client" />));
  expect(container.querySelector('button')).toBe(serverButton);

  // Live: the children render on the client and replace the static copy.
  await act(async () => root.render(<Page mod={mod} live renders={clientRenders} label="Din client" />));
  expect(clientRenders).toHaveBeenCalled();
  expect(container.querySelectorAll('.cards')).toHaveLength(1);
  expect(container.querySelector('.cards')?.textContent).toBe('Din client');
  expect(container.querySelector('button')).not.toBe(serverButton);
  errors.mockRestore();
  await act(async () => root.unmount());
});

test('a document the server did not render (no data-rf-ssr) renders the children', () => {
  const mod = load();
  const renders = jest.fn();
  render(<Page mod={mod} live={false} renders={renders} label="Fără server" />);
  expect(renders).toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Fără server' })).toBeTruthy();
});

test('after the first commit (a client-side navigation) a new part renders its children even when not live', () => {
  const mod = load();
  document.documentElement.setAttribute('data-rf-ssr', '');
  mod.markAppHydrated();
  const renders = jest.fn();
  render(<Page mod={mod} live={false} renders={renders} label="Navigare" />);
  expect(renders).toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Navigare' })).toBeTruthy();
});
