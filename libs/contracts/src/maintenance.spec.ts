import {
  MAINTENANCE_OPEN_STATUSES,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TRANSITIONS,
  canMoveTicket,
} from './dto/maintenance.dto';
import { MAINTENANCE_NUMBER_PATTERN } from './maintenance';

describe('the repair ticket flow', () => {
  it('runs forward from received to delivered', () => {
    const forward = ['received', 'diagnosing', 'waiting_approval', 'waiting_parts', 'in_repair'];
    for (let i = 0; i + 1 < forward.length; i++)
      expect(canMoveTicket(forward[i] as never, forward[i + 1] as never)).toBe(true);
    expect(canMoveTicket('in_repair', 'ready')).toBe(true);
    expect(canMoveTicket('ready', 'delivered')).toBe(true);
    expect(canMoveTicket('received', 'delivered')).toBe(false);
  });

  it('cancels or returns unrepaired from every open state only; final states have no way out', () => {
    for (const s of MAINTENANCE_STATUSES) {
      const open = MAINTENANCE_OPEN_STATUSES.includes(s);
      expect(canMoveTicket(s, 'cancelled')).toBe(open);
      expect(canMoveTicket(s, 'returned_unrepaired')).toBe(open);
    }
    for (const s of ['delivered', 'cancelled', 'returned_unrepaired'] as const)
      expect(MAINTENANCE_TRANSITIONS[s]).toEqual([]);
    expect(MAINTENANCE_TRANSITIONS.ready).toEqual(['delivered']);
  });

  it('recognises a ticket number', () => {
    expect(MAINTENANCE_NUMBER_PATTERN.test('B01-MN-000042')).toBe(true);
    expect(MAINTENANCE_NUMBER_PATTERN.test('B01-MT-000042')).toBe(false);
    expect(MAINTENANCE_NUMBER_PATTERN.test('6221234567890')).toBe(false);
  });
});
