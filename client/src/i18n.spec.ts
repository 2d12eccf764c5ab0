import { NAV_SECTIONS, ROUTES } from '@pos/contracts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// Every ar/en pair of locale files under client/src holds exactly the same keys (DESIGN.md §4).
const root = __dirname;

function walk(dir: string, file = 'ar.json', out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, file, out);
    else if (name === file) out.push(path);
  }
  return out;
}

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const arFiles = walk(root);

describe('locale files', () => {
  it('finds the shared and feature locale files', () => {
    const rel = arFiles.map((f) => relative(root, f));
    expect(rel).toEqual(
      expect.arrayContaining([
        'locales/common/ar.json',
        'locales/nav/ar.json',
        'locales/shell/ar.json',
      ]),
    );
  });

  it.each(arFiles.map((f) => [relative(root, f), f]))(
    '%s has an en.json with identical keys',
    (_rel, arPath) => {
      const enPath = arPath.replace(/ar\.json$/, 'en.json');
      const ar = keys(read(arPath)).sort();
      const en = keys(read(enPath)).sort();
      expect(en).toEqual(ar);
      for (const [lang, data] of [
        ['ar', read(arPath)],
        ['en', read(enPath)],
      ] as const) {
        for (const key of keys(data)) {
          const value = key
            .split('.')
            .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], data);
          expect({ lang, key, ok: typeof value === 'string' && value.trim() !== '' }).toEqual({
            lang,
            key,
            ok: true,
          });
        }
      }
    },
  );

  it('every en.json has an ar.json', () => {
    const enFiles = walk(root, 'en.json').map((path) => path.replace(/en\.json$/, 'ar.json'));
    expect(enFiles.sort()).toEqual([...arFiles].sort());
  });

  it('has a navigation label for every route and section', () => {
    const nav = read(join(root, 'locales/nav/ar.json')) as {
      items: Record<string, string>;
      sections: Record<string, string>;
    };
    for (const route of ROUTES)
      expect({ route: route.name, has: route.name in nav.items }).toEqual({
        route: route.name,
        has: true,
      });
    for (const section of NAV_SECTIONS) {
      expect(section.label.startsWith('nav:sections.')).toBe(true);
      expect(nav.sections[section.label.slice('nav:sections.'.length)]).toBeTruthy();
      for (const item of section.items)
        expect(nav.items[item.label.slice('nav:items.'.length)]).toBeTruthy();
    }
  });

  it('holds the spec texts exactly', () => {
    const shell = read(join(root, 'locales/shell/ar.json')) as Record<
      string,
      Record<string, string>
    >;
    const common = read(join(root, 'locales/common/ar.json')) as Record<string, string>;
    expect(shell.guard).toEqual({
      login: 'برجاء تسجيل الدخول أولا',
      forbidden: 'ليس لديك الصلاحية للوصول لهذه الصفحة',
    });
    expect(shell.search.empty).toBe('لا توجد نتائج');
    expect(shell.search.emptyHint).toBe('جرب البحث بكلمات مختلفة');
    expect(shell.error.notFound).toBe('الصفحة غير موجودة');
    expect(shell.error.home).toBe('العودة للرئيسية');
    expect(shell.error.back).toBe('العودة للخلف');
    expect(shell.theme).toMatchObject({
      light: 'نهارئ',
      dark: 'مسائي',
      system: 'سمة النظام',
      realtime: 'الوقت الحالي',
    });
    expect(shell.lowStock).toEqual({
      title: 'مخزون منخفض',
      body: 'هناك {{count}} منتجات قريبة من الإنتهاء',
      confirm: 'عرض المنتجات',
      cancel: 'إلغاء',
    });
    expect(shell.underConstruction.title).toBe('قيد الإنشاء');
    expect([common.confirm, common.cancel]).toEqual(['تأكيد', 'إلغاء']);
  });
});

describe('navigation icons', () => {
  it('imports every icon the route table names', () => {
    const source = readFileSync(join(root, 'shared/ui/navIcons.ts'), 'utf8');
    const icons = new Set(NAV_SECTIONS.flatMap((s) => [s.icon, ...s.items.map((i) => i.icon)]));
    for (const icon of icons) {
      expect({
        icon,
        imported: source.includes(`import ${icon} from '@mui/icons-material/${icon}';`),
      }).toEqual({ icon, imported: true });
    }
  });
});
