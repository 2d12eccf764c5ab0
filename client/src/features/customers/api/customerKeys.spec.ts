import { CUSTOMERS } from '@pos/contracts';
import { resourceKeys } from '../../../shared/resource/api';
import { customerKeys } from './customers.api';

describe('customer query keys', () => {
  it('sit under the resource kit key of CUSTOMERS, so a payment refreshes the list', () => {
    expect(customerKeys.all).toEqual(resourceKeys.all(CUSTOMERS));
    expect(customerKeys.one('c1').slice(0, 2)).toEqual([...resourceKeys.all(CUSTOMERS)]);
  });
});
