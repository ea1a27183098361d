/** @jest-environment jsdom */
// The Romanian error screen of app/global-error.tsx, which replaces Next's English default.
import { fireEvent, render, screen } from '@testing-library/react';
import { ErrorScreen } from '@/components/layout/error-screen';

describe('the error screen (app/global-error.tsx)', () => {
  it('speaks Romanian, shows the digest and retries on request', () => {
    const retry = jest.fn();
    render(<ErrorScreen digest="12345" onRetry={retry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'A apărut o eroare' })).toBeInTheDocument();
    expect(screen.getByText('Cod eroare: 12345')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acasă' })).toHaveAttribute('href', '/');
    fireEvent.click(screen.getByRole('button', { name: 'Încearcă din nou' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('leaves the code line out when the error has no digest', () => {
    render(<ErrorScreen onRetry={() => {}} />);
    expect(screen.queryByText(/Cod eroare/)).not.toBeInTheDocument();
  });
});
