import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './use-address-params';

type Setter = (change: (current: URLSearchParams) => URLSearchParams) => void;

/** A page with two filters, set one after the other before the first navigation has landed. */
function pageWith(useParams: () => [URLSearchParams, Setter]) {
  let setFilter: (name: string, value: string) => void = () => {};
  function Page() {
    const [params, setParams] = useParams();
    setFilter = (name, value) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        copy.set(name, value);
        return copy;
      });
    return <output>{params.toString()}</output>;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Page /> }], { initialEntries: ['/list?page=2'] });
  render(<RouterProvider router={router} />);
  return { router, set: (name: string, value: string) => setFilter(name, value) };
}

describe('useAddressParams', () => {
  it('keeps both of two changes made before the first lands (React Router alone drops the first)', async () => {
    const plain = pageWith(() => useSearchParams() as unknown as [URLSearchParams, Setter]);
    await act(async () => {
      plain.set('state', 'overdue');
      plain.set('level', 'site');
    });
    // The defect this hook exists for: the second change started from the old address.
    expect(plain.router.state.location.search).toBe('?page=2&level=site');
    plain.router.dispose();
    document.body.innerHTML = '';

    const ours = pageWith(useAddressParams);
    await act(async () => {
      ours.set('state', 'overdue');
      ours.set('level', 'site');
    });
    expect(ours.router.state.location.search).toBe('?page=2&state=overdue&level=site');
    expect(await screen.findByText('page=2&state=overdue&level=site')).toBeInTheDocument();
  });

  it('takes the address as it comes after back, and builds the next change on it', async () => {
    const ours = pageWith(useAddressParams);
    await act(async () => ours.set('state', 'overdue'));
    await act(async () => ours.set('level', 'site'));
    await act(async () => ours.router.navigate(-1));
    expect(ours.router.state.location.search).toBe('?page=2&state=overdue');
    await act(async () => ours.set('site', '7'));
    expect(ours.router.state.location.search).toBe('?page=2&state=overdue&site=7');
  });
});
