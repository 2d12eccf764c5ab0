import { validateCustomer } from './validateCustomer';

describe('validateCustomer (the till quick-add customer check, loaded on send)', () => {
  it('refuses an empty name and a malformed phone, naming the fields', async () => {
    const found = await validateCustomer({ name: '', phone: 'abc' }, 'en', (f) => `<${f}>`);
    expect(found.ok).toBe(false);
    expect(found.errors.name).toBeTruthy();
    expect(found.errors.phone).toBeTruthy();
  });

  it('accepts a name with a well-formed phone', async () => {
    const found = await validateCustomer({ name: 'Mona', phone: '01012345678' }, 'ar', (f) => f);
    expect(found).toEqual({ errors: {}, ok: true });
  });
});
