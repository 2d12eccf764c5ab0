import type { DataSource } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import {
  normalizeArabic,
  type MaintenanceCreateDto,
  type MaintenanceStatus,
  type MaintenanceUpdateDto,
} from '@pos/contracts';
import { StockLedger } from '../modules/inventory';
import {
  AddPartsCommand,
  AddPartsHandler,
  CreateTicketCommand,
  CreateTicketHandler,
  MaintenancePostJournalHandler,
  MoveTicketCommand,
  MoveTicketHandler,
  UpdateTicketCommand,
  UpdateTicketHandler,
} from '../modules/maintenance';
import { RepairSales } from '../modules/sales';
import { demoMeta, demoRunner, demoUser } from './demo-runner';

/** The steps from a new ticket to each status (MAINTENANCE_TRANSITIONS). */
const PATH: Record<MaintenanceStatus, MaintenanceStatus[]> = {
  received: [],
  diagnosing: ['diagnosing'],
  waiting_approval: ['diagnosing', 'waiting_approval'],
  waiting_parts: ['diagnosing', 'waiting_parts'],
  in_repair: ['diagnosing', 'in_repair'],
  ready: ['diagnosing', 'in_repair', 'ready'],
  delivered: ['diagnosing', 'in_repair', 'ready', 'delivered'],
  cancelled: ['diagnosing', 'cancelled'],
  returned_unrepaired: ['diagnosing', 'waiting_approval', 'returned_unrepaired'],
};

type Demo = {
  status: MaintenanceStatus;
  customer: string;
  phone: string;
  create: Omit<MaintenanceCreateDto, 'id' | 'customerId'>;
  /** parts (quantity of a stocked variant) and the labour, set while in diagnosis */
  parts?: number;
  work?: MaintenanceUpdateDto;
};

const DEMOS: Demo[] = [
  {
    status: 'received',
    customer: 'كريم سامي',
    phone: '01001234501',
    create: {
      deviceType: 'phone',
      brand: 'Samsung',
      model: 'Galaxy A54',
      serial: '356789104512301',
      problem: 'الشاشة لا تستجيب للمس بعد سقوط',
      condition: 'خدش في الظهر',
      accessories: ['sim', 'case'],
      estimate: 150_000,
      deposit: 50_000,
      priority: 'high',
    },
  },
  {
    status: 'diagnosing',
    customer: 'نورا حسن',
    phone: '01001234502',
    create: {
      deviceType: 'laptop',
      brand: 'Lenovo',
      model: 'IdeaPad 3',
      serial: 'PF3K9X21',
      problem: 'لا يعمل الشحن',
      accessories: ['charger'],
    },
  },
  {
    status: 'waiting_approval',
    customer: 'كريم سامي',
    phone: '01001234501',
    create: {
      deviceType: 'tablet',
      brand: 'Apple',
      model: 'iPad 9',
      serial: 'DMPXK2Q1',
      problem: 'البطارية تفرغ بسرعة',
      estimate: 220_000,
    },
    work: { diagnosis: 'البطارية تالفة وتحتاج تغيير', estimate: 220_000 },
  },
  {
    status: 'waiting_parts',
    customer: 'محمد فتحي',
    phone: '01001234503',
    create: {
      deviceType: 'phone',
      brand: 'Xiaomi',
      model: 'Redmi Note 12',
      serial: '861234055512309',
      problem: 'منفذ الشحن مكسور',
      accessories: ['cable'],
      deposit: 20_000,
    },
  },
  {
    status: 'in_repair',
    customer: 'نورا حسن',
    phone: '01001234502',
    create: {
      deviceType: 'appliance',
      brand: 'Toshiba',
      model: 'غسالة 8 كجم',
      problem: 'لا تعصر',
      priority: 'urgent',
    },
    parts: 1,
    work: { labour: 30_000, diagnosis: 'تغيير السير' },
  },
  {
    status: 'ready',
    customer: 'هالة إبراهيم',
    phone: '01001234504',
    create: {
      deviceType: 'phone',
      brand: 'Oppo',
      model: 'Reno 8',
      serial: '869876054412300',
      problem: 'الكاميرا الخلفية لا تعمل',
      deposit: 30_000,
      warrantyDays: 30,
    },
    parts: 1,
    work: { labour: 25_000, diagnosis: 'تغيير الكاميرا' },
  },
  {
    status: 'delivered',
    customer: 'محمد فتحي',
    phone: '01001234503',
    create: {
      deviceType: 'phone',
      brand: 'Samsung',
      model: 'Galaxy S21',
      serial: '354321098765432',
      problem: 'تغيير شاشة',
      accessories: ['charger', 'box'],
      deposit: 100_000,
      warrantyDays: 90,
    },
    parts: 1,
    work: { labour: 40_000, diagnosis: 'تم تغيير الشاشة' },
  },
  {
    status: 'cancelled',
    customer: 'هالة إبراهيم',
    phone: '01001234504',
    create: {
      deviceType: 'desktop',
      brand: 'Dell',
      model: 'OptiPlex',
      problem: 'بطء شديد',
      deposit: 15_000,
    },
  },
  {
    status: 'returned_unrepaired',
    customer: 'كريم سامي',
    phone: '01001234501',
    create: {
      deviceType: 'phone',
      brand: 'Huawei',
      model: 'P30',
      serial: '862222033311100',
      problem: 'غرق في الماء',
      condition: 'آثار مياه',
    },
  },
];

/**
 * Demo repair tickets (issue 18 item 1): one in every status in the first branch, made by the real
 * commands (deposits and bills through the branch's main vault and the books, parts out of the
 * stock ledger), and a ticket back under the warranty of the delivered one. Idempotent: nothing is
 * added once the branch has tickets.
 */
export async function seedDemoMaintenance(ds: DataSource): Promise<void> {
  const [branch] = await ds.query('SELECT id FROM branches ORDER BY created_at LIMIT 1');
  if (!branch) return;
  const [done] = await ds.query('SELECT 1 FROM maintenance_tickets WHERE branch_id = $1 LIMIT 1', [
    branch.id,
  ]);
  if (done) return;
  const [desk] = await ds.query(
    `SELECT id FROM users WHERE username IN ('cashier', 'admin') ORDER BY username = 'cashier' DESC LIMIT 1`,
  );
  const [tech] = await ds.query(
    `SELECT id FROM users WHERE username IN ('manager', 'admin') ORDER BY username = 'manager' DESC LIMIT 1`,
  );
  if (!desk) return;
  // Parts: variants the branch holds in stock (none: the tickets carry labour only).
  const stocked: { variant_id: string }[] = await ds.query(
    `SELECT s.variant_id FROM stock_levels s JOIN inventories i ON i.id = s.inventory_id
      WHERE i.branch_id = $1 AND s.on_hand - s.reserved >= 5
      ORDER BY i.is_default DESC, s.variant_id LIMIT 3`,
    [branch.id],
  );

  const runner = demoRunner(ds, MaintenancePostJournalHandler);
  const user = demoUser(desk.id, branch.id, false, []);
  const meta = demoMeta(desk.id);
  const customer = async (name: string, phone: string) => {
    const [row] = await ds.query('SELECT id FROM customers WHERE name = $1', [name]);
    if (row) return row.id as string;
    const id = uuidv7();
    await ds.query('INSERT INTO customers (id, name, phone, search_text) VALUES ($1, $2, $3, $4)', [
      id,
      name,
      phone,
      normalizeArabic(`${name} ${phone}`),
    ]);
    return id;
  };
  const move = (id: string, to: MaintenanceStatus) =>
    new MoveTicketHandler(runner, new RepairSales()).execute(
      new MoveTicketCommand(id, { to }, user, meta),
    );

  let delivered: { id: string; customerId: string } | null = null;
  let n = 0;
  for (const demo of DEMOS) {
    const id = uuidv7();
    const customerId = await customer(demo.customer, demo.phone);
    await new CreateTicketHandler(runner).execute(
      new CreateTicketCommand(
        { ...demo.create, id, customerId, technicianId: tech?.id },
        user,
        meta,
      ),
    );
    for (const to of PATH[demo.status]) {
      await move(id, to);
      // the bench's work (parts, labour, diagnosis) right after the diagnosis starts
      if (to === 'diagnosing') {
        if (demo.parts && stocked.length)
          await new AddPartsHandler(runner, new StockLedger()).execute(
            new AddPartsCommand(
              id,
              {
                parts: [
                  { variantId: stocked[n++ % stocked.length].variant_id, quantity: demo.parts },
                ],
              },
              user,
              meta,
            ),
          );
        if (demo.work)
          await new UpdateTicketHandler(runner).execute(
            new UpdateTicketCommand(id, demo.work, user, meta),
          );
      }
    }
    if (demo.status === 'delivered') delivered = { id, customerId };
  }
  if (delivered)
    await new CreateTicketHandler(runner).execute(
      new CreateTicketCommand(
        {
          id: uuidv7(),
          customerId: delivered.customerId,
          deviceType: 'phone',
          brand: 'Samsung',
          model: 'Galaxy S21',
          serial: '354321098765432',
          problem: 'الشاشة الجديدة بها خط أخضر',
          warrantyOfId: delivered.id,
          technicianId: tech?.id,
        },
        user,
        meta,
      ),
    );
}
