/** @jest-environment jsdom */
// The kit's Tabs (components/ui/tabs.tsx): the WAI-ARIA tabs pattern with Radix's API.
import * as React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

function Example(props: { activationMode?: 'automatic' | 'manual'; onValueChange?: (v: string) => void; keepB?: boolean }) {
  return (
    <Tabs defaultValue="a" activationMode={props.activationMode} onValueChange={props.onValueChange}>
      <TabsList aria-label="Secțiuni">
        <TabsTrigger value="a">Alfa</TabsTrigger>
        <TabsTrigger value="b">Beta</TabsTrigger>
        <TabsTrigger value="c" disabled>
          Gama
        </TabsTrigger>
        <TabsTrigger value="d">Delta</TabsTrigger>
      </TabsList>
      <TabsContent value="a">Panou A</TabsContent>
      <TabsContent value="b" forceMount={props.keepB}>
        Panou B
      </TabsContent>
      <TabsContent value="d">Panou D</TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('ties tabs and panels with roles, ids and the selected state', () => {
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Secțiuni' })).toBeInTheDocument();
    expect(tab('Alfa')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Alfa')).toHaveAttribute('data-state', 'active');
    expect(tab('Beta')).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('Panou A');
    expect(panel).toHaveAttribute('aria-labelledby', tab('Alfa').id);
    expect(tab('Alfa')).toHaveAttribute('aria-controls', panel.id);
    // Only the selected tab is in the page's tab order (roving tabindex).
    expect(tab('Alfa')).toHaveAttribute('tabindex', '0');
    expect(tab('Beta')).toHaveAttribute('tabindex', '-1');
    expect(screen.queryByText('Panou B')).toBeNull();
  });

  it('a click selects and reports the new value once', () => {
    const onValueChange = jest.fn();
    render(<Example onValueChange={onValueChange} />);
    fireEvent.click(tab('Beta'));
    expect(tab('Beta')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panou B');
    fireEvent.click(tab('Beta'));
    expect(onValueChange).toHaveBeenCalledTimes(1);
    expect(onValueChange).toHaveBeenCalledWith('b');
  });

  it('automatic: arrows move and select, skip disabled tabs and wrap; Home and End', () => {
    render(<Example />);
    tab('Alfa').focus();
    fireEvent.keyDown(tab('Alfa'), { key: 'ArrowRight' });
    expect(tab('Beta')).toHaveFocus();
    expect(tab('Beta')).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tab('Beta'), { key: 'ArrowRight' });
    expect(tab('Delta')).toHaveFocus(); // Gama is disabled
    fireEvent.keyDown(tab('Delta'), { key: 'ArrowRight' });
    expect(tab('Alfa')).toHaveFocus(); // wraps
    fireEvent.keyDown(tab('Alfa'), { key: 'ArrowLeft' });
    expect(tab('Delta')).toHaveFocus();
    fireEvent.keyDown(tab('Delta'), { key: 'Home' });
    expect(tab('Alfa')).toHaveFocus();
    fireEvent.keyDown(tab('Alfa'), { key: 'End' });
    expect(tab('Delta')).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panou D');
  });

  it('manual: arrows move the focus only; the click (Enter or Space on a button) selects', () => {
    render(<Example activationMode="manual" />);
    tab('Alfa').focus();
    fireEvent.keyDown(tab('Alfa'), { key: 'ArrowRight' });
    expect(tab('Beta')).toHaveFocus();
    expect(tab('Alfa')).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(tab('Beta'));
    expect(tab('Beta')).toHaveAttribute('aria-selected', 'true');
  });

  it('forceMount keeps a panel in the DOM, hidden while its tab is not selected', () => {
    render(<Example keepB />);
    const b = screen.getByText('Panou B');
    expect(b).not.toBeVisible();
    fireEvent.click(tab('Beta'));
    expect(screen.getByText('Panou B')).toBeVisible();
    expect(screen.queryByText('Panou A')).toBeNull();
  });
});
