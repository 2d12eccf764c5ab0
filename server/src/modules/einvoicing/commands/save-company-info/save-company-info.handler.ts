import { CommandHandler } from '@nestjs/cqrs';
import { isValidRin } from '@pos/contracts';
import { SecretsService } from '../../../../core/auth/secrets.service';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { SaveCompanyInfoCommand } from './save-company-info.command';

/**
 * Saves the one company-info row. The ERP secret is write-only: omitted keeps the stored one, ''
 * clears it, anything else is encrypted with MASTER_KEY; the audit row never carries it.
 */
@CommandHandler(SaveCompanyInfoCommand)
export class SaveCompanyInfoHandler extends TransactionalCommandHandler<SaveCompanyInfoCommand> {
  constructor(
    runner: CommandRunner,
    private readonly secrets: SecretsService,
  ) {
    super(runner);
  }

  protected async handle({ dto, user }: SaveCompanyInfoCommand, tx: CommandTransaction) {
    if (!user.isAdmin) throw Errors.forbidden();
    if (!isValidRin(dto.rin)) throw Errors.badRequest('ETA_RIN_INVALID');
    const [before] = (await tx.m.query('SELECT * FROM eta_company WHERE id = 1 FOR UPDATE')) as {
      erp_client_secret: string | null;
    }[];
    const secret =
      dto.erpClientSecret === undefined
        ? (before?.erp_client_secret ?? null)
        : dto.erpClientSecret === ''
          ? null
          : this.secrets.encrypt(dto.erpClientSecret);
    await tx.m.query(
      `INSERT INTO eta_company (id, rin, name, activity_code, country, governate, region_city, street,
                                building_number, postal_code, environment, erp_client_id, erp_client_secret,
                                receipt_batch_size, updated_at)
       VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, COALESCE($13, 50), now())
       ON CONFLICT (id) DO UPDATE SET rin = $1, name = $2, activity_code = $3, country = $4, governate = $5,
         region_city = $6, street = $7, building_number = $8, postal_code = $9, environment = $10,
         erp_client_id = $11, erp_client_secret = $12,
         receipt_batch_size = COALESCE($13, eta_company.receipt_batch_size), updated_at = now()`,
      [
        dto.rin,
        dto.name.trim(),
        dto.activityCode,
        dto.country,
        dto.governate.trim(),
        dto.regionCity.trim(),
        dto.street.trim(),
        dto.buildingNumber.trim(),
        dto.postalCode?.trim() || null,
        dto.environment,
        dto.erpClientId?.trim() || null,
        secret,
        dto.receiptBatchSize ?? null,
      ],
    );
    const { erpClientSecret, ...safe } = dto;
    tx.audit({
      action: 'eta.company-info',
      entity: 'eta_company',
      entityId: '1',
      after: {
        ...safe,
        erpClientSecret:
          erpClientSecret === undefined ? 'kept' : erpClientSecret ? 'set' : 'cleared',
      },
    });
  }
}
