/** @jest-environment jsdom */
// The Romanian error boundary that replaces Next's English default.
import { fireEvent, render, screen } from '@testing-library/react';
import ErrorPage from '@/app/error';

describe('the error page (app/error.tsx)', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('speaks Romanian, shows the digest and retries on request', () => {
    const retry = jest.fn();
    const error = Object.assign(new Error('boom'), { digest: '12345' });
    render(<ErrorPage error={error} retry={retry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'A apărut o eroare' })).toBeInTheDocument();
    expect(screen.getByText('Cod eroare: 12345')).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Acasă' })).toHaveAttribute('href', '/');
    fireEvent.click(screen.getByRole('button', { name: 'Încearcă din nou' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith(error);
  });

  it('leaves the code line out when the error has no digest', () => {
    render(<ErrorPage error={new Error('x')} retry={() => {}} />);
    expect(screen.queryByText(/Cod eroare/)).not.toBeInTheDocument();
  });
});
