import { FOREVER, getCookie, setCookie } from './cookies';

describe('cookies', () => {
  const written: string[] = [];
  beforeAll(() => {
    (globalThis as { document?: unknown }).document = {
      get cookie() {
        return 'a=1; locale=en; theme=dark%20x';
      },
      set cookie(value: string) {
        written.push(value);
      },
    };
  });
  afterAll(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  it('reads a cookie by name', () => {
    expect(getCookie('locale')).toBe('en');
    expect(getCookie('theme')).toBe('dark x');
    expect(getCookie('missing')).toBeUndefined();
  });

  it('writes with the spec maxAge 2147483646 by default, site-wide', () => {
    setCookie('sidebarCollapsed', 'false');
    expect(FOREVER).toBe(2147483646);
    expect(written.at(-1)).toBe('sidebarCollapsed=false; Max-Age=2147483646; Path=/; SameSite=Lax');
  });
});
