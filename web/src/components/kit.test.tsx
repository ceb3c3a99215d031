import { fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue, type User } from '../auth/context';
import { setLanguage } from '../i18n';
import { useCan } from '../lib/use-can';
import { FilterSelect } from './FilterSelect';
import { FormField } from './FormField';
import { ListState, ListTable, LoadMoreButton } from './ListKit';
import { StatusPill } from './StatusPill';

afterEach(() => setLanguage('en'));

describe('FormField', () => {
  it('labels the control and links hint and error through aria-describedby, marking it invalid', () => {
    render(
      <FormField label="Plate" hint="As on the card" error="Required" name="licensePlate" required>
        <input />
      </FormField>,
    );
    const input = screen.getByLabelText('Plate');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('name')).toBe('licensePlate');
    expect(input.hasAttribute('required')).toBe(true);
    const ids = input.getAttribute('aria-describedby')!.split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual(['As on the card', 'Required']);
    expect(screen.getByRole('alert').textContent).toBe('Required');
  });

  it('without an error the control is valid and the render-function form gets the same props', () => {
    render(
      <FormField label="Role">
        {(control) => (
          <select {...control}>
            <option>x</option>
          </select>
        )}
      </FormField>,
    );
    const select = screen.getByLabelText('Role');
    expect(select.tagName).toBe('SELECT');
    expect(select.hasAttribute('aria-invalid')).toBe(false);
    expect(select.hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('StatusPill', () => {
  it('shows the translated label with the status tone and data attribute', () => {
    const { container, rerender } = render(<StatusPill status="cancel" labelKey="common" tones={{ cancel: 'red' }} />);
    const pill = container.querySelector('[data-status="cancel"]')!;
    expect(pill.textContent).toBe('Cancel');
    expect(pill.className).toContain('bg-red-100');
    setLanguage('ar');
    rerender(<StatusPill status="cancel" labelKey="common" tones={{ cancel: 'red' }} dataName="tier" />);
    expect(container.querySelector('[data-tier="cancel"]')!.textContent).not.toBe('Cancel');
  });

  it('an unknown status is muted', () => {
    const { container } = render(
      <StatusPill status="other" label="Other" tones={{ x: 'red' } as Record<string, 'red'>} />,
    );
    expect(container.firstElementChild!.className).toContain('bg-slate-100');
  });
});

describe('FilterSelect', () => {
  it('is a labelled select with an "all" option and reports the chosen value', () => {
    const onChange = vi.fn();
    render(
      <FilterSelect
        id="f"
        label="Status"
        value=""
        onChange={onChange}
        allLabel="All"
        options={[{ value: 'a', label: 'Active' }, ['b', 'Blocked']]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'All'],
      ['a', 'Active'],
      ['b', 'Blocked'],
    ]);
    fireEvent.change(select, { target: { value: 'b' } });
    expect(onChange).toHaveBeenCalledWith('b');
  });
});

describe('ListState and LoadMoreButton', () => {
  const base = {
    isLoading: false,
    error: undefined,
    items: [] as unknown[],
    isEmpty: false,
    revalidate: vi.fn(async () => undefined),
  };
  it('shows skeleton, error with retry, empty, or the rows', () => {
    const { rerender } = render(
      <ListState list={{ ...base, isLoading: true }} errorTitle="Failed" empty="Nothing">
        rows
      </ListState>,
    );
    expect(screen.getByTestId('skeleton-table')).toBeTruthy();
    rerender(
      <ListState list={{ ...base, error: new Error('x') }} errorTitle="Failed" empty="Nothing">
        rows
      </ListState>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(base.revalidate).toHaveBeenCalled();
    rerender(
      <ListState list={{ ...base, isEmpty: true }} errorTitle="Failed" empty="Nothing">
        rows
      </ListState>,
    );
    expect(screen.getByText('Nothing')).toBeTruthy();
    rerender(
      <ListState
        list={{ ...base, items: [1], error: new Error('revalidation failed') }}
        errorTitle="Failed"
        empty="Nothing"
      >
        rows
      </ListState>,
    );
    expect(screen.getByText('rows')).toBeTruthy();
  });

  it('"Load more" shows only while there is more and is busy while loading', () => {
    const loadMore = vi.fn();
    const { rerender } = render(
      <LoadMoreButton list={{ hasMore: false, isLoadingMore: false, loadMore }} label="Load more" />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<LoadMoreButton list={{ hasMore: true, isLoadingMore: false, loadMore }} label="Load more" />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(loadMore).toHaveBeenCalledOnce();
    rerender(<LoadMoreButton list={{ hasMore: true, isLoadingMore: true, loadMore }} label="Load more" />);
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('ListTable', () => {
  it('labels the table, heads its columns (amounts at the end side) and puts the footer rows in a tfoot', () => {
    render(
      <ListTable
        label="Statement"
        testId="statement"
        columns={['Date', { label: 'Amount', end: true }, <span key="a">Actions</span>]}
        footer={
          <tr>
            <td>Total</td>
          </tr>
        }
      >
        <tr>
          <td>1 May</td>
        </tr>
      </ListTable>,
    );
    const table = screen.getByRole('table', { name: 'Statement' });
    expect(table.getAttribute('data-testid')).toBe('statement');
    const heads = screen.getAllByRole('columnheader');
    expect(heads.map((h) => h.textContent)).toEqual(['Date', 'Amount', 'Actions']);
    expect(heads.map((h) => h.className.includes('text-end'))).toEqual([false, true, false]);
    expect(table.querySelector('tbody')?.textContent).toBe('1 May');
    expect(table.querySelector('tfoot')?.textContent).toBe('Total');
  });

  it('has no tfoot without a footer', () => {
    render(
      <ListTable columns={['Name']} compact>
        <tr>
          <td>A</td>
        </tr>
      </ListTable>,
    );
    expect(screen.getByRole('table').querySelector('tfoot')).toBeNull();
  });
});

describe('useCan', () => {
  const never = () => Promise.reject(new Error('unused'));
  const withRole =
    (role: User['role'] | null) =>
    ({ children }: { children: ReactNode }) => {
      const value: AuthContextValue = {
        status: role ? 'authenticated' : 'unauthenticated',
        method: role ? 'jwt' : 'none',
        user: role ? { id: 'U', username: 'u', role, tenantId: 't' } : null,
        login: never,
        register: never,
        demoLogin: never,
        logout: () => Promise.resolve(),
      };
      return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
    };
  it('answers one ability or gives a checker, from the signed-in role', () => {
    expect(renderHook(() => useCan('vehiclesEdit'), { wrapper: withRole('ADMIN') }).result.current).toBe(true);
    expect(renderHook(() => useCan('vehiclesEdit'), { wrapper: withRole('STAFF') }).result.current).toBe(false);
    const can = renderHook(() => useCan(), { wrapper: withRole('MECHANIC') }).result.current;
    expect([can('vehiclesRead'), can('customersRead')]).toEqual([true, false]);
    expect(renderHook(() => useCan('signedIn'), { wrapper: withRole(null) }).result.current).toBe(false);
  });
});

describe('Toggle', () => {
  it('is a switch named by its label and described by its hint, and reports changes', async () => {
    const { Toggle } = await import('./Toggle');
    const onChange = vi.fn();
    render(
      <Toggle name="enableVat" label="Enable VAT" hint="Adds tax to invoices" checked={false} onChange={onChange} />,
    );
    const toggle = screen.getByRole('switch', { name: 'Enable VAT' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    const described = toggle.getAttribute('aria-describedby')!;
    expect(document.getElementById(described)?.textContent).toBe('Adds tax to invoices');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
