import { variantSearchText } from '../modules/catalog';

// Realistic Arabic retail catalogue for the demo and the large benchmark seed. Deterministic for a
// given seed, so benchmark runs are comparable.
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Family = {
  category: string;
  categoryEn: string;
  names: string[];
  brands: string[];
  price: [number, number];
  props?: Record<string, string[]>;
  unit?: string;
};

export const FAMILIES: Family[] = [
  {
    category: 'ملابس رجالي',
    categoryEn: "Men's clothing",
    names: [
      'تيشيرت قطن',
      'قميص كاجوال',
      'بنطلون جينز',
      'جاكيت شتوي',
      'بلوفر صوف',
      'شورت رياضي',
      'ترينج رياضي',
    ],
    brands: ['كوتون كلاسيك', 'إيجي ستايل', 'نايل وير', 'فاشون لاين'],
    price: [15000, 120000],
    props: { المقاس: ['S', 'M', 'L', 'XL'], اللون: ['أحمر', 'أزرق', 'أسود', 'أبيض'] },
  },
  {
    category: 'ملابس حريمي',
    categoryEn: "Women's clothing",
    names: ['بلوزة شيفون', 'فستان سهرة', 'جيبة طويلة', 'عباية مطرزة', 'طرحة قطن', 'كارديجان'],
    brands: ['لمسة', 'زهرة', 'أناقة', 'ريم'],
    price: [12000, 250000],
    props: { المقاس: ['S', 'M', 'L'], اللون: ['أسود', 'بيج', 'كحلي'] },
  },
  {
    category: 'أحذية',
    categoryEn: 'Shoes',
    names: ['أحذية رياضية', 'حذاء جلد كلاسيك', 'صندل صيفي', 'شبشب منزلي', 'بوت شتوي'],
    brands: ['خطوة', 'رانر', 'أديداس', 'باتا'],
    price: [20000, 300000],
    props: { المقاس: ['40', '41', '42', '43', '44'], اللون: ['أسود', 'بني'] },
  },
  {
    category: 'إلكترونيات',
    categoryEn: 'Electronics',
    names: [
      'سماعة بلوتوث',
      'شاحن سريع',
      'باور بانك',
      'ماوس لاسلكي',
      'لوحة مفاتيح',
      'كابل USB-C',
      'مكواة بخار',
      'خلاط كهربائي',
    ],
    brands: ['سامسونج', 'شاومي', 'أنكر', 'توشيبا', 'فريش'],
    price: [5000, 400000],
  },
  {
    category: 'موبايلات وإكسسوارات',
    categoryEn: 'Phones and accessories',
    names: ['جراب موبايل', 'اسكرينة حماية', 'حامل موبايل للسيارة', 'سماعة سلكية'],
    brands: ['أوبو', 'ريلمي', 'آيفون', 'هواوي'],
    price: [3000, 60000],
    props: { اللون: ['شفاف', 'أسود', 'أزرق'] },
  },
  {
    category: 'بقالة',
    categoryEn: 'Grocery',
    names: [
      'أرز مصري',
      'سكر أبيض',
      'زيت عباد الشمس',
      'مكرونة اسباجتي',
      'شاي أسود',
      'قهوة محوجة',
      'عدس أصفر',
      'فول مدمس',
      'جبنة بيضاء',
      'عسل نحل',
    ],
    brands: ['الضحى', 'كريستال', 'العروسة', 'جهينة', 'دومتي', 'المراعي'],
    price: [1500, 25000],
  },
  {
    category: 'منظفات',
    categoryEn: 'Detergents',
    names: ['مسحوق غسيل', 'سائل أطباق', 'منظف أرضيات', 'كلور', 'معطر جو'],
    brands: ['بريل', 'أريال', 'فيبا', 'داك'],
    price: [2000, 18000],
  },
  {
    category: 'أدوات مكتبية',
    categoryEn: 'Stationery',
    names: ['كشكول سلك', 'قلم جاف', 'أقلام ألوان', 'مسطرة', 'دباسة', 'ملف بلاستيك', 'مكتبة صغيرة'],
    brands: ['سلوى', 'بايلوت', 'فابر كاستل', 'روتو'],
    price: [500, 15000],
  },
  {
    category: 'مستحضرات تجميل',
    categoryEn: 'Cosmetics',
    names: ['كريم مرطب', 'شامبو', 'بلسم شعر', 'صابون', 'مزيل عرق', 'عطر'],
    brands: ['نيفيا', 'بانتين', 'لوريال', 'دوف'],
    price: [3000, 90000],
  },
  {
    category: 'ألعاب أطفال',
    categoryEn: 'Toys',
    names: ['مكعبات تركيب', 'عربية ريموت', 'عروسة', 'بازل', 'كورة قدم'],
    brands: ['ليجو', 'توي لاند', 'بيبي جوي'],
    price: [4000, 150000],
  },
];

export type GeneratedVariant = {
  sku: string;
  barcode: string;
  properties: Record<string, string>;
  sellPrice: number;
  minSellPrice: number;
  avgCost: number;
  lowStockThreshold: number;
  searchText: string;
};
export type GeneratedProduct = {
  nameAr: string;
  nameEn: string;
  category: string;
  unit: string;
  variants: GeneratedVariant[];
};

/** EAN-13 with a valid check digit, Egypt's GS1 prefix 622. */
export function ean13(n: number): string {
  const body = `622${String(n).padStart(9, '0')}`.slice(0, 12);
  const sum = body.split('').reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return body + ((10 - (sum % 10)) % 10);
}

/** The property types the catalogue uses (axis order), each with every value any family uses. */
export function catalogPropertyTypes(): { name: string; values: string[] }[] {
  const types = new Map<string, string[]>();
  for (const family of FAMILIES) {
    for (const [name, values] of Object.entries(family.props ?? {})) {
      const known = types.get(name) ?? [];
      types.set(name, [...known, ...values.filter((v) => !known.includes(v))]);
    }
  }
  return [...types].map(([name, values]) => ({ name, values }));
}

/**
 * Products until `variantTarget` variants exist; SKUs `${prefix}-000001` and so on. The sequence
 * depends only on the seed, so a larger target yields the same first products and then more.
 */
export function* generateCatalog(
  variantTarget: number,
  seed = 42,
  prefix = 'DEMO',
): Generator<GeneratedProduct> {
  const rnd = rng(seed);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  let made = 0;
  let serial = 0;
  while (made < variantTarget) {
    const family = pick(FAMILIES);
    const name = `${pick(family.names)} ${pick(family.brands)}`;
    const model =
      serial % 7 === 0 ? '' : ` ${['موديل', 'طراز', 'إصدار'][serial % 3]} ${100 + (serial % 900)}`;
    const nameAr = `${name}${model}`;
    const base =
      Math.round((family.price[0] + rnd() * (family.price[1] - family.price[0])) / 50) * 50;
    const combos: Record<string, string>[] = [{}];
    if (family.props) {
      for (const [prop, values] of Object.entries(family.props)) {
        const chosen = values.filter(() => rnd() < 0.7);
        const use = chosen.length ? chosen : [values[0]];
        const next: Record<string, string>[] = [];
        for (const c of combos) for (const v of use) next.push({ ...c, [prop]: v });
        combos.splice(0, combos.length, ...next);
      }
    }
    const variants: GeneratedVariant[] = [];
    for (const properties of combos) {
      if (made >= variantTarget) break;
      made++;
      serial++;
      const sku = `${prefix}-${String(serial).padStart(7, '0')}`;
      const barcode = ean13(seed * 10_000_000 + serial);
      variants.push({
        sku,
        barcode,
        properties,
        sellPrice: base,
        minSellPrice: Math.round((base * 0.9) / 50) * 50,
        avgCost: Math.round((base * (0.55 + rnd() * 0.2)) / 25) * 25,
        lowStockThreshold: [0, 2, 3, 5, 10][Math.floor(rnd() * 5)],
        searchText: variantSearchText({
          nameAr,
          nameEn: family.categoryEn,
          properties,
          sku,
          barcodes: [barcode],
        }),
      });
    }
    yield {
      nameAr,
      nameEn: `${family.categoryEn} item ${serial}`,
      category: family.category,
      unit: family.unit ?? 'piece',
      variants,
    };
  }
}
