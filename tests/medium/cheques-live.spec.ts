import { CommandBus } from '@nestjs/cqrs';
import { v7 as uuidv7 } from 'uuid';
import { NotifyDueChequesCommand } from '../../server/src/modules/cheques/commands/notify-due-cheques/notify-due-cheques.command';
import { readStoreTimeZone } from '../../server/src/modules/settings';
import { createUserWith } from './support/app';
import {
  connectLive,
  sessionCookie,
  sleep,
  startListeningApp,
  waitFor,
  type ListeningApp,
  type LiveClient,
} from './support/live';

// Cheques due within seven days are pushed live to the branch (issue 15 item 4), only to holders
// of can_see_vault_totals, after a cheque's step and by the daily job.
describe('cheques due: live push', () => {
  let t: ListeningApp;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await startListeningApp();
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t.close();
  });

  it('pushes the count after a step and from the daily job, to can_see_vault_totals only', async () => {
    const [{ id: branchId }] = await t.ds.query(
      'SELECT id FROM branches ORDER BY created_at LIMIT 1',
    );
    const [{ id: customerId }] = await t.ds.query('SELECT id FROM customers LIMIT 1');
    // can_take_advance: the cheque is for more than the customer may owe (issue 30 item 13)
    const accountant = await createUserWith(t.ds, ['can_see_vault_totals', 'can_take_advance'], {
      branchId,
    });
    const clerk = await createUserWith(t.ds, ['can_see_customers'], { branchId });
    const a = await sessionCookie(t, accountant.username, accountant.password);
    const c = await sessionCookie(t, clerk.username, clerk.password);
    const liveA = await connectLive(t.port, a.cookie);
    const liveC = await connectLive(t.port, c.cookie);
    clients.push(liveA, liveC);
    await a.client.fetchCsrf();

    const today = (await t.ds.query(`SELECT to_char(now(), 'YYYY-MM-DD') AS d`))[0].d as string;
    const res = await a.client.post('/api/Cheques', {
      id: uuidv7(),
      direction: 'received',
      number: `L${Date.now()}`,
      bank: 'بنك مصر',
      dueDate: today,
      amount: 1_000,
      customerId,
      advance: true,
    });
    expect(res.status).toBe(201);
    const pushed = await waitFor(
      () => liveA.of('cheque.due')[0],
      8000,
      'cheque.due after the step',
    );
    expect(pushed.branchId).toBe(branchId);
    const [{ n: count }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM cheques WHERE branch_id = $1
          AND status IN ('received', 'deposited', 'issued') AND due_date <= (now() AT TIME ZONE $2)::date + 7`,
      [branchId, await readStoreTimeZone(t.ds)],
    );
    expect(pushed.payload.count).toBe(count);

    const before = liveA.of('cheque.due').length;
    await t.app.get(CommandBus).execute(new NotifyDueChequesCommand());
    await waitFor(() => liveA.of('cheque.due').length > before, 8000, 'cheque.due from the job');
    expect(liveA.of('cheque.due').at(-1)!.payload.count).toBe(count);

    await sleep(300);
    expect(liveC.of('cheque.due')).toEqual([]);
  });
});
