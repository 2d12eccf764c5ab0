import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { decodeEscPos, labelLanguageOf, type DevicePrinterDto } from '@pos/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchWriteScope } from '../../../core/auth/branch-scope';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { PrinterUnreachable, sendRaw } from '../../../core/printing/raw-tcp';
import { readDevicePrinter } from '../queries/devices.queries';

/**
 * A till's printer (issue 35, docs/decisions/0113): read within the branch of the user (the till
 * prints for its own branch; any, for an administrator), and the server's relay to a network
 * printer on raw TCP.
 */
@Injectable()
export class DevicePrinting {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** A till's printer within the user's write scope (404 outside it). */
  async printer(id: string, user: AuthUser, m: EntityManager = this.ds.manager) {
    const row = await readDevicePrinter(m, id);
    const scope = branchWriteScope(user);
    if (!row || (scope && row.branchId !== scope)) throw Errors.notFound();
    const { branchId: _branch, ...printer } = row;
    return printer;
  }

  /**
   * Relays a print job to the till's network printer. A job that opens the drawer and prints
   * nothing is "open drawer" without a sale: it takes can_open_cash_drawer (POST …/drawer audits
   * it; this route refuses it to others, so the relay is no way around the permission).
   */
  async print(id: string, bytes: Uint8Array, user: AuthUser): Promise<void> {
    const printer = await this.printer(id, user);
    const job = decodeEscPos(bytes);
    if (job.pulses > 0 && !job.raster && !user.permissions.includes('can_open_cash_drawer'))
      throw Errors.forbidden();
    await this.relay(printer, bytes);
  }

  /**
   * Relays labels (ZPL or TSPL, issue 35 item 4) to the till's label printer: 409 when it has none,
   * 400 when the bytes are not labels in its language (the relay sends nothing else there).
   */
  async printLabels(id: string, bytes: Uint8Array, user: AuthUser): Promise<void> {
    const printer = await this.printer(id, user);
    if (!printer.labelLanguage || !printer.labelPrinterAddress)
      throw Errors.conflict('NO_LABEL_PRINTER');
    if (labelLanguageOf(bytes) !== printer.labelLanguage)
      throw Errors.badRequest('NOT_A_LABEL_JOB', { language: printer.labelLanguage.toUpperCase() });
    await this.send(printer.labelPrinterAddress, bytes);
  }

  async relay(printer: DevicePrinterDto, bytes: Uint8Array): Promise<void> {
    if (printer.printerKind !== 'network' || !printer.printerAddress)
      throw Errors.conflict('NO_NETWORK_PRINTER');
    await this.send(printer.printerAddress, bytes);
  }

  private async send(address: string, bytes: Uint8Array): Promise<void> {
    try {
      await sendRaw(address, bytes);
    } catch (err) {
      if (err instanceof PrinterUnreachable)
        throw new AppException('PRINTER_UNREACHABLE', HttpStatus.BAD_GATEWAY, {
          address,
        });
      throw err;
    }
  }
}
