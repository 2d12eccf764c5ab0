import { findRoute } from './routeMatch';

describe('findRoute', () => {
  it('finds static routes before detail routes', () => {
    expect(findRoute('/Products/LowStock')?.name).toBe('LowStock');
    expect(findRoute('/Products/42')?.name).toBe('Products-id');
    expect(findRoute('/Inventories/TransferRequests')?.name).toBe('Inventories-TransferRequests');
    expect(findRoute('/Inventories/TransferRequests/7')?.name).toBe(
      'Inventories-TransferRequests-id',
    );
    expect(findRoute('/E-invoices/New')?.name).toBe('E-invoices-New');
    expect(findRoute('/E-invoices/abc')?.name).toBe('E-invoices-id');
  });
  it('handles the home page, trailing slashes and unknown paths', () => {
    expect(findRoute('/')?.name).toBe('index');
    expect(findRoute('/Roles/')?.name).toBe('Roles');
    expect(findRoute('/nope')).toBeUndefined();
    expect(findRoute('/Roles/1/2')).toBeUndefined();
  });
});
