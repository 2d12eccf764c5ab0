import 'reflect-metadata';
import {
  IsBase64,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import {
  PAPER_WIDTHS,
  PRINT_JOB_MAX_BYTES,
  PRINTER_KINDS,
  parsePrinterAddress,
  type PaperWidth,
  type PrinterKind,
} from '../escpos';
import { LABEL_LANGUAGES, LABEL_SIZES, type LabelLanguage, type LabelSize } from '../labels';
import { registerDecorator } from 'class-validator';

/** A printer's `host[:port]` (parsePrinterAddress). */
function PrinterAddress() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'printerAddress',
      target: target.constructor,
      propertyName,
      options: { message: 'validation.printer.address' },
      validator: {
        validate: (v: unknown) => typeof v === 'string' && parsePrinterAddress(v) !== null,
      },
    });
}

/**
 * PUT /PosDevices/:id/printer: a register's receipt printer (issue 35, docs/decisions/0113). A
 * network printer needs its address; the others are reached from the browser (USB, serial) or by
 * the browser's print dialog.
 */
export class SetDevicePrinterDto {
  @IsIn(PRINTER_KINDS) printerKind: PrinterKind;
  @ValidateIf((o: SetDevicePrinterDto, v) => o.printerKind === 'network' || v != null)
  @IsString()
  @MaxLength(120)
  @PrinterAddress()
  printerAddress: string | null;
  @IsIn(PAPER_WIDTHS) paperWidth: PaperWidth;
  /** ESC t n (0–255); null: the printer's own. */
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(0)
  @Max(255)
  codePage: number | null;
  /** A cash drawer hangs on the printer (its pulse on a cash payment). */
  @IsBoolean() drawer: boolean;
  /**
   * The shop's LAN print bridge (`npm run print-bridge`, docs/printing.md) the till sends a network
   * printer's jobs to first (offline too); null: through the server.
   */
  @ValidateIf((_, v) => v != null && v !== '')
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  @MaxLength(200)
  printBridgeUrl?: string | null;
  /**
   * The till's label printer (issue 35 item 4, docs/decisions/0114): its language (ZPL for Zebra,
   * TSPL for TSC/Xprinter; null: none), its network address and the label size. Left out: as
   * they were. It shares the till's print bridge.
   */
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsIn(LABEL_LANGUAGES)
  labelLanguage?: LabelLanguage | null;
  @ValidateIf(
    (o: SetDevicePrinterDto, v) => (o.labelLanguage != null && v !== undefined) || v != null,
  )
  @IsString()
  @MaxLength(120)
  @PrinterAddress()
  labelPrinterAddress?: string | null;
  @IsOptional()
  @IsIn(LABEL_SIZES)
  labelSize?: LabelSize;
}

/** POST /PosDevices/:id/print: the ESC/POS bytes to relay to the register's network printer. */
export class PrintJobDto {
  @IsString()
  @MaxLength(Math.ceil(PRINT_JOB_MAX_BYTES / 3) * 4)
  @IsBase64()
  data: string;
  /** The till's label printer (ZPL/TSPL) instead of its receipt printer. */
  @IsOptional()
  @IsIn(['receipt', 'label'])
  target?: 'receipt' | 'label';
}

/** A register's printer as the till and the settings read it. */
export type DevicePrinterDto = {
  printerKind: PrinterKind;
  printerAddress: string | null;
  paperWidth: PaperWidth;
  codePage: number | null;
  drawer: boolean;
  printBridgeUrl: string | null;
  /** the label printer (issue 35 item 4): null language = none */
  labelLanguage: LabelLanguage | null;
  labelPrinterAddress: string | null;
  labelSize: LabelSize;
};
