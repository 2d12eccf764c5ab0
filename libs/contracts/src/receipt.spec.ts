import { getReceiptData, type ReceiptBranch, type ReceiptStoreInfo } from './receipt';

const store: ReceiptStoreInfo = {
  phoneNumber: '0221111111',
  secondPhoneNumber: '0102222222',
  address: 'Store address',
  recepitInfo: 'Store receipt info',
  receiptFooterImage: '/files/store-footer.png',
  maintenanceReceiptInfo: 'Store maintenance info',
};
const branch: ReceiptBranch = {
  name: 'Nasr City',
  location: 'Branch location',
  phoneNumber: '0223333333',
  secondPhoneNumber: null,
  recepitInfo: 'Branch receipt info',
  receiptFooterImage: null,
  logo: '/files/logo.png',
};
const appName = 'POS';

describe('getReceiptData', () => {
  it('carries the branch tax registration number with the feature on or off', () => {
    const taxed = { ...branch, taxNumber: '123-456-789' };
    for (const on of [true, false]) {
      expect(
        getReceiptData({
          features: { print_from_branch_data: on },
          branch: taxed,
          storeInfo: store,
          appName,
        }).taxNumber,
      ).toBe('123-456-789');
    }
    expect(
      getReceiptData({ features: {}, branch: null, storeInfo: store, appName }).taxNumber,
    ).toBeNull();
  });

  it('with print_from_branch_data on and a branch: branch fields, store fallbacks, location → address', () => {
    expect(
      getReceiptData({
        features: { print_from_branch_data: true },
        branch,
        storeInfo: store,
        appName,
      }),
    ).toEqual({
      name: 'Nasr City',
      phoneNumber: '0223333333',
      secondPhoneNumber: '0102222222', // fallback
      address: 'Branch location',
      recepitInfo: 'Branch receipt info',
      receiptFooterImage: '/files/store-footer.png', // fallback
      logo: '/files/logo.png',
      maintenanceReceiptInfo: 'Store maintenance info',
      taxNumber: null,
    });
  });

  it('falls back to the store address when the branch has no location', () => {
    const data = getReceiptData({
      features: { print_from_branch_data: true },
      branch: { ...branch, location: null },
      storeInfo: store,
      appName,
    });
    expect(data.address).toBe('Store address');
    expect(data.name).toBe('Nasr City');
  });

  it('with the feature off: store info with the app name', () => {
    expect(
      getReceiptData({
        features: { print_from_branch_data: false },
        branch,
        storeInfo: store,
        appName,
      }),
    ).toEqual({
      name: 'POS',
      phoneNumber: '0221111111',
      secondPhoneNumber: '0102222222',
      address: 'Store address',
      recepitInfo: 'Store receipt info',
      receiptFooterImage: '/files/store-footer.png',
      logo: null,
      maintenanceReceiptInfo: 'Store maintenance info',
      taxNumber: null,
    });
    expect(getReceiptData({ features: {}, branch, storeInfo: store, appName }).name).toBe('POS');
  });

  it('with the feature on but no branch selected: store info with the app name', () => {
    const data = getReceiptData({
      features: { print_from_branch_data: true },
      branch: null,
      storeInfo: store,
      appName,
    });
    expect(data.name).toBe('POS');
    expect(data.address).toBe('Store address');
  });

  it('maintenance receipt info always comes from store info', () => {
    const withBranchValue = {
      ...branch,
      maintenanceReceiptInfo: 'Branch maintenance',
    } as ReceiptBranch;
    for (const on of [true, false]) {
      const data = getReceiptData({
        features: { print_from_branch_data: on },
        branch: withBranchValue,
        storeInfo: store,
        appName,
      });
      expect(data.maintenanceReceiptInfo).toBe('Store maintenance info');
    }
    expect(
      getReceiptData({
        features: { print_from_branch_data: true },
        branch,
        storeInfo: null,
        appName,
      }).maintenanceReceiptInfo,
    ).toBeNull();
  });

  it('copes with missing store info', () => {
    const data = getReceiptData({
      features: { print_from_branch_data: true },
      branch,
      storeInfo: undefined,
      appName,
    });
    expect(data.secondPhoneNumber).toBeNull();
    expect(data.address).toBe('Branch location');
  });
});
