import type { EtaCompanyInfoDto } from '@pos/contracts';
import type { SecretsService } from '../../../../core/auth/secrets.service';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { SaveCompanyInfoCommand } from './save-company-info.command';
import { SaveCompanyInfoHandler } from './save-company-info.handler';

const secrets = { encrypt: (s: string) => `enc(${s})` } as unknown as SecretsService;
const dto: EtaCompanyInfoDto = {
  rin: '123456789',
  name: 'Shop',
  activityCode: '4711',
  country: 'EG',
  governate: 'Cairo',
  regionCity: 'Nasr City',
  street: 'Street',
  buildingNumber: '1',
  environment: 'sim',
  erpClientId: 'erp-id',
  erpClientSecret: 'top-secret',
};

function run(d: EtaCompanyInfoDto, admin = true, stored: string | null = 'enc(old)') {
  const m = fakeManager([[/FROM eta_company/, [{ erp_client_secret: stored }]]]);
  const runner = fakeRunner(m);
  const p = new SaveCompanyInfoHandler(runner, secrets).execute(
    new SaveCompanyInfoCommand(d, testUser({ isAdmin: admin }), testMeta),
  );
  return { m, runner, p };
}

describe('SaveCompanyInfoHandler', () => {
  it('encrypts the ERP secret and keeps it out of the audit row', async () => {
    const { m, runner, p } = run(dto);
    await p;
    const insert = m.calls.find((c) => /INSERT INTO eta_company/.test(c.sql))!;
    expect(insert.params).toContain('enc(top-secret)');
    expect(JSON.stringify(runner.tx!.audits)).not.toContain('top-secret');
  });

  it('keeps the stored secret when none is sent, clears it on ""', async () => {
    const kept = run({ ...dto, erpClientSecret: undefined });
    await kept.p;
    expect(kept.m.calls.find((c) => /INSERT INTO eta_company/.test(c.sql))!.params).toContain(
      'enc(old)',
    );
    const cleared = run({ ...dto, erpClientSecret: '' });
    await cleared.p;
    expect(
      cleared.m.calls.find((c) => /INSERT INTO eta_company/.test(c.sql))!.params[11],
    ).toBeNull();
  });

  it('refuses a bad RIN and a non-administrator, writing nothing', async () => {
    const bad = run({ ...dto, rin: '12345' });
    expect(await errorCode(bad.p)).toBe('ETA_RIN_INVALID');
    expect(bad.m.calls.some((c) => /INSERT/.test(c.sql))).toBe(false);
    const user = run(dto, false);
    expect(await errorCode(user.p)).toBe('FORBIDDEN');
  });
});
