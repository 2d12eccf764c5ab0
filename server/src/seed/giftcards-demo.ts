import type { DataSource } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import { appDataSource } from '../app-data-source';
import {
  GiftCardPostJournalHandler,
  GiftCardQueries,
  IssueGiftCardCommand,
  IssueGiftCardHandler,
} from '../modules/giftcards';
import { demoAdmin, demoMeta, demoRunner } from './demo-runner';

// The demo's gift cards (issue 33 items 5 and 8, `npm run demo` only): two cards sold at the
// first branch and paid by card (no shift needed), one for the demo's first customer, through the
// real command and its posting (the gift-card liability). Idempotent: made once, by their note.

const NOTE = 'بطاقة هدية — بيانات العرض';
const CARDS = [{ amount: 50_000 }, { amount: 20_000, forCustomer: true }];

export async function seedDemoGiftCards(url: string): Promise<void> {
  const ds: DataSource = appDataSource(url);
  await ds.initialize();
  try {
    const [done] = await ds.query('SELECT 1 FROM gift_cards WHERE note = $1 LIMIT 1', [NOTE]);
    if (done) return;
    const [admin] = await ds.query(
      `SELECT id, username, display_name, branch_id FROM users WHERE username = 'admin'`,
    );
    const [method] = await ds.query(
      `SELECT id FROM payment_methods WHERE type = 'card' AND active ORDER BY sort_order LIMIT 1`,
    );
    if (!admin || !method) return;
    const [customer] = await ds.query('SELECT id FROM customers ORDER BY created_at, id LIMIT 1');
    const issue = new IssueGiftCardHandler(
      demoRunner(ds, GiftCardPostJournalHandler),
      new GiftCardQueries(ds),
    );
    const user = demoAdmin(admin, admin.branch_id, ['can_sell_gift_cards']);
    for (const card of CARDS)
      await issue.execute(
        new IssueGiftCardCommand(
          {
            id: uuidv7(),
            amount: card.amount,
            methodId: method.id,
            note: NOTE,
            ...(card.forCustomer && customer ? { customerId: customer.id } : {}),
          },
          user,
          demoMeta(admin.id, 'demo seed'),
        ),
      );
  } finally {
    await ds.destroy();
  }
}
