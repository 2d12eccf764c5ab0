import { CommandHandler } from '@nestjs/cqrs';
import { SecretsService } from '../../../../core/auth/secrets.service';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { Pkcs12Signer, SignerError } from '../../eta/signer';
import { ETA_NOTIFY_CHANNEL } from '../../events/on-sale-events.issue-receipt.handler';
import { ETA_DOCUMENTS_WAKE } from '../../jobs/eta-document.service';
import { signerFromCompany, type SignerRow } from '../../eta/signer-factory';
import { SaveEtaSignerCommand } from './save-eta-signer.command';

/**
 * The company's e-invoice signer (admins). Secrets are write-only and encrypted with MASTER_KEY:
 * omitted keeps the stored one, '' clears it. A PKCS#12 file is opened once with its password here
 * so a wrong path or password is a 400 now, not a failed submission later.
 */
@CommandHandler(SaveEtaSignerCommand)
export class SaveEtaSignerHandler extends TransactionalCommandHandler<SaveEtaSignerCommand> {
  constructor(
    runner: CommandRunner,
    private readonly secrets: SecretsService,
  ) {
    super(runner);
  }

  protected async handle({ dto, user }: SaveEtaSignerCommand, tx: CommandTransaction) {
    if (!user.isAdmin) throw Errors.forbidden();
    const [before] = (await tx.m.query(
      'SELECT * FROM eta_company WHERE id = 1 FOR UPDATE',
    )) as SignerRow[];
    if (!before) throw Errors.conflict('ETA_COMPANY_INFO_REQUIRED');
    const keep = (value: string | undefined, stored: string | null) =>
      value === undefined ? stored : value === '' ? null : this.secrets.encrypt(value);
    const stored = before as SignerRow & { signer_p12_file: string | null };
    // an uploaded file replaces a path and the other way round; neither given keeps what is stored
    const upload = dto.kind === 'p12' && dto.p12Base64 !== undefined;
    const path = dto.kind === 'p12' && !upload ? (dto.p12Path?.trim() ?? null) : null;
    const row: SignerRow = {
      signer_kind: dto.kind,
      signer_p12_file:
        dto.kind !== 'p12'
          ? null
          : upload
            ? this.secrets.encrypt(dto.p12Base64!)
            : path
              ? null
              : stored.signer_p12_file,
      signer_p12_path:
        dto.kind !== 'p12' ? null : upload ? null : (path ?? stored.signer_p12_path ?? null),
      signer_p12_password:
        dto.kind === 'p12' ? keep(dto.p12Password, before.signer_p12_password) : null,
      signer_agent_url: dto.kind === 'agent' ? (dto.agentUrl?.trim() ?? null) : null,
      signer_agent_secret:
        dto.kind === 'agent' ? keep(dto.agentSecret, before.signer_agent_secret) : null,
    };
    let certificate: { subject: string; notAfter: Date } | null = null;
    if (dto.kind === 'p12') {
      if (!row.signer_p12_file && !row.signer_p12_path)
        throw Errors.badRequest('ETA_SIGNER_FILE_REQUIRED');
      try {
        const signer = signerFromCompany(row, (s) => this.secrets.decrypt(s));
        if (signer instanceof Pkcs12Signer)
          certificate = { subject: signer.subject, notAfter: signer.notAfter };
      } catch (e) {
        if (e instanceof SignerError) throw Errors.badRequest('ETA_SIGNER_INVALID');
        throw e;
      }
    }
    await tx.m.query(
      `UPDATE eta_company SET signer_kind = $1, signer_p12_path = $2, signer_p12_password = $3,
              signer_agent_url = $4, signer_agent_secret = $5, signer_p12_file = $6,
              signer_cert_subject = $7, signer_cert_not_after = $8, updated_at = now() WHERE id = 1`,
      [
        row.signer_kind,
        row.signer_p12_path,
        row.signer_p12_password,
        row.signer_agent_url,
        row.signer_agent_secret,
        row.signer_p12_file,
        certificate?.subject ?? null,
        certificate?.notAfter ?? null,
      ],
    );
    // documents that waited for a signer are signed at once
    await tx.m.query(
      `UPDATE e_documents SET next_attempt_at = now() WHERE status = 'queued' AND signed_json IS NULL AND NOT dead_letter`,
    );
    await tx.m.query('SELECT pg_notify($1, $2)', [ETA_NOTIFY_CHANNEL, ETA_DOCUMENTS_WAKE]);
    tx.audit({
      action: 'eta.signer',
      entity: 'eta_company',
      entityId: '1',
      after: {
        kind: dto.kind,
        p12Path: row.signer_p12_path,
        p12File: upload ? 'uploaded' : row.signer_p12_file ? 'kept' : 'none',
        certificate: certificate?.subject ?? null,
        agentUrl: row.signer_agent_url,
        p12Password: dto.p12Password === undefined ? 'kept' : dto.p12Password ? 'set' : 'cleared',
        agentSecret: dto.agentSecret === undefined ? 'kept' : dto.agentSecret ? 'set' : 'cleared',
      },
    });
  }
}
