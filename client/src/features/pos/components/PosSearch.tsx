import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  normalizeSerial,
  SERIAL_PATTERN,
  type VariantResponseDto,
} from '@pos/contracts';
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useSetAtom } from 'jotai';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { BARCODE } from '../../../shared/lib/barcode';
import { useBarcodeScan } from '../../../shared/state';
import { toast } from '../../../shared/ui/toast';
import { propertiesText } from '../../catalog';
import { formatQuantity } from '../../../shared/lib/money';
import { variantAvailable } from '../../../shared/lib/cart';
import { itemCodeMatches, parseScaleBarcode, scaleQuantity, type ScaleConfig } from '../lib/scale';
import { nameLang } from '../../../shared/lib/lang';
import { addVariantAtom } from '../state/cartStore';
import { searchVariantsOrDevice } from '../offline/catalog';
import { sellableSerial } from '../api/tracking';

/** Invoice numbers look like B01-R02-000123: scanning a receipt at the POS starts a return. */
export const INVOICE_NUMBER = /^B\d{1,4}-R\d{1,4}-\d{1,12}$/i;
/** Repair ticket numbers look like B01-MN-000123: scanning one at the POS opens its bill. */
export const TICKET_NUMBER = /^[A-Z0-9]{1,8}-MN-\d{1,12}$/i;
/** Reservation numbers look like B01-RV-000123: scanning a slip opens the reservation to sell it. */
export const RESERVATION_NUMBER = /^[A-Z0-9]{1,8}-RV-\d{1,12}$/i;
/** Scanned or typed, these open their document instead of being searched as items. */
const DOCUMENT_NUMBERS = [INVOICE_NUMBER, TICKET_NUMBER, RESERVATION_NUMBER];

type Props = {
  inventoryId: string | null;
  scale: ScaleConfig;
  inputRef: RefObject<HTMLInputElement | null>;
  onInvoiceNumber: (number: string) => void;
  /** A repair ticket's number was scanned (absent: not handled, searched like any code). */
  onTicketNumber?: (number: string) => void;
  /** A reservation slip's number was scanned. */
  onReservationNumber?: (number: string) => void;
  /** A code scanned on another page (/POS?barcode=): put in the box and searched ~100 ms later. */
  arrivalCode?: string | null;
  disabled?: boolean;
};

const exactHit = (list: VariantResponseDto[], code: string) =>
  list.find((v) => v.barcodes?.includes(code) || v.sku === code) ?? null;

/**
 * The product box of the POS. Scans arrive either typed into this box (it has the focus all day)
 * or as the app's `pos:barcode` event (focus elsewhere): the code goes into the box and is
 * searched ~100 ms later (spec §2). An exact barcode/SKU hit adds the line at once; otherwise the
 * normalised matches are listed (arrows + Enter, or click). Typing searches as you type.
 */
/** A lookup answered sooner than this shows no spinner (no flicker on a normal scan). */
const SPINNER_DELAY_MS = 150;

export function PosSearch({
  inventoryId,
  scale,
  inputRef,
  onInvoiceNumber,
  onTicketNumber,
  onReservationNumber,
  arrivalCode,
  disabled,
}: Props) {
  const { t } = useTranslation('pos');
  const addVariant = useSetAtom(addVariantAtom);
  const [text, setTextState] = useState(arrivalCode ?? '');
  const [results, setResults] = useState<VariantResponseDto[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [busy, setBusy] = useState(0);
  // The box's text for async callbacks (set together with the state).
  const textRef = useRef(arrivalCode ?? '');
  const setText = useCallback((value: string) => {
    textRef.current = value;
    setTextState(value);
  }, []);
  const typedSeq = useRef(0);
  // The text the listed results were found for: Enter picks a row only from a list of this text.
  const resultsFor = useRef('');
  // The WAI-ARIA combobox pattern: the box owns the listbox and points at the highlighted option.
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (i: number) => `${baseId}-option-${i}`;
  const listRef = useRef<HTMLUListElement>(null);
  const expanded = open && results.length > 0;
  useEffect(() => {
    if (expanded && active >= 0)
      listRef.current
        ?.querySelector(`[data-index="${active}"]`)
        ?.scrollIntoView({ block: 'nearest' });
  }, [expanded, active]);

  const clear = useCallback(() => {
    setText('');
    setResults([]);
    setOpen(false);
    setActive(-1);
  }, [setText]);
  const clearIfStill = useCallback(
    (code: string) => textRef.current.trim() === code && clear(),
    [clear],
  );
  // The matches found for `code`, listed with the first highlighted.
  const list = useCallback((found: VariantResponseDto[], code: string) => {
    resultsFor.current = code;
    setResults(found);
    setActive(found.length > 0 ? 0 : -1);
    setOpen(true);
  }, []);

  /** Scan/Enter: exact hit → add; scale label → add its weight; invoice number → return; else list. */
  const resolve = useCallback(
    async (raw: string, options: { cleared?: boolean } = {}) => {
      const code = raw.trim();
      if (!code) return;
      const documents = [
        [INVOICE_NUMBER, onInvoiceNumber],
        [TICKET_NUMBER, onTicketNumber],
        [RESERVATION_NUMBER, onReservationNumber],
      ] as const;
      for (const [pattern, handle] of documents) {
        if (handle && pattern.test(code)) {
          clearIfStill(code);
          handle(code.toUpperCase());
          return;
        }
      }
      // The spinner shows only for a slow answer: a fast scan (most) never mounts or animates it,
      // which would cost the busy page work while the cashier waits for the line.
      let spinning = false;
      const spinner = window.setTimeout(() => {
        spinning = true;
        setBusy((n) => n + 1);
      }, SPINNER_DELAY_MS);
      try {
        // Words (a space or an Arabic letter: no scanner sends those) are almost never an exact
        // code: their search starts at once, beside the code's check, not after it.
        const words = /\s|[\u0600-\u06FF]/.test(code)
          ? searchVariantsOrDevice(code, inventoryId ?? undefined, 20)
          : null;
        words?.catch(() => undefined); // (unused when the text was a code after all)
        // limit 1: an exact barcode/SKU hit is all a scan needs (the server then skips the fuzzy search).
        const first = await searchVariantsOrDevice(code, inventoryId ?? undefined, 1);
        const hit = exactHit(first, code);
        if (hit) {
          // The cashier is waiting for this line: commit it now rather than on the scheduler's next task.
          flushSync(() => {
            addVariant({ variant: hit, quantity: 1, code });
            clearIfStill(code);
          });
          return;
        }
        // A unit's serial or IMEI (issue 34): that exact unit, when it is in stock here (before the
        // till has read its inventory: in the branch).
        const serial = normalizeSerial(code);
        // (a scan has no spaces and a digit: typed words go straight to the search)
        if (!/\s/.test(code) && /\d/.test(serial) && SERIAL_PATTERN.test(serial)) {
          const answer = await sellableSerial(serial, inventoryId);
          if (answer.kind === 'unit') {
            const [variant] = await searchVariantsOrDevice(
              answer.unit.sku,
              inventoryId ?? undefined,
              1,
            );
            if (variant?.id === answer.unit.variantId) {
              flushSync(() => {
                addVariant({ variant, quantity: 1, code: null, serial: answer.unit.serial });
                clearIfStill(code);
              });
              return;
            }
          }
        }
        const label = parseScaleBarcode(code, scale);
        if (label) {
          const candidates = await searchVariantsOrDevice(
            label.itemCode,
            inventoryId ?? undefined,
            5,
          );
          const item = candidates.find(
            (v) =>
              v.sku === label.itemCode ||
              v.barcodes?.some((b) => itemCodeMatches(label.itemCode, b)),
          );
          const quantity = item ? scaleQuantity(label, item.sellPrice) : null;
          if (item && quantity !== null) {
            addVariant({ variant: item, quantity, code });
            clearIfStill(code);
            return;
          }
        }
        const found = await (words ?? searchVariantsOrDevice(code, inventoryId ?? undefined, 20));
        // A scan's box was emptied at its Enter: its code comes back to be listed, unless the next
        // scan is already being typed (then only the warning says this one found nothing).
        if (options.cleared && textRef.current.trim() === '') setText(code);
        if (textRef.current.trim() === code) list(found, code);
        else if (!options.cleared) return;
        if (found.length === 0 || textRef.current.trim() !== code)
          toast.warning(t('search.notFound', { code }), { product: true });
      } catch (err) {
        handleError(err, { toast: true });
      } finally {
        window.clearTimeout(spinner);
        if (spinning) setBusy((n) => n - 1);
      }
    },
    [
      inventoryId,
      scale,
      addVariant,
      onInvoiceNumber,
      onTicketNumber,
      onReservationNumber,
      clearIfStill,
      list,
      setText,
      t,
    ],
  );

  // Scans with the focus outside this box: code into the box, search ~100 ms later.
  useBarcodeScan((scan) => {
    // Typed into this box: its own Enter already resolved the whole text (the listener may even
    // have seen only the tail of a slowly typed code), so the event adds nothing. Where the Enter
    // went, not where the focus is now: a fast lookup may already have added the item and moved
    // the focus into the dialog it opened (a serial product's), and the line would get it twice.
    if (inputRef.current && scan.target === inputRef.current) return;
    setText(scan.code);
    setOpen(false);
    window.setTimeout(() => void resolve(scan.code), BARCODE.searchDelayMs);
  });

  // Arrival with ?barcode= (spec §2): the code is already in the box; search it ~100 ms later.
  const arrival = useRef(arrivalCode ?? null);
  const resolveRef = useRef(resolve);
  useEffect(() => {
    resolveRef.current = resolve;
  });
  useEffect(() => {
    const code = arrival.current;
    if (!code || !inventoryId) return;
    const timer = window.setTimeout(() => {
      arrival.current = null;
      void resolveRef.current(code);
    }, BARCODE.searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [inventoryId]);

  // Typing: list matches as you type (debounced); Enter resolves at once.
  useEffect(() => {
    const q = text.trim();
    if (q.length < 2 || DOCUMENT_NUMBERS.some((pattern) => pattern.test(q))) return;
    const seq = ++typedSeq.current;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchVariantsOrDevice(q, inventoryId ?? undefined, 20, controller.signal)
        .then((found) => {
          if (seq === typedSeq.current && textRef.current.trim() === q) list(found, q);
        })
        .catch((err) => {
          if ((err as Error)?.name !== 'AbortError') handleError(err, { toast: true });
        });
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text, inventoryId, list]);

  const choose = (variant: VariantResponseDto) => {
    typedSeq.current++;
    addVariant({ variant, quantity: 1, code: null });
    clear();
    inputRef.current?.focus();
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && results.length) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(results.length - 1, i + 1));
    } else if (e.key === 'ArrowUp' && results.length) {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        e.stopPropagation();
      }
      setOpen(false);
    } else if (e.key === 'Enter') {
      // The app's listener marks a scanner's Enter as handled (defaultPrevented): it is a scan.
      // Read before this handler's own preventDefault, which made every Enter look like a scan
      // (so Enter never added the highlighted result).
      const isScan = e.defaultPrevented || e.nativeEvent.defaultPrevented;
      e.preventDefault();
      const code = text.trim();
      if (
        !isScan &&
        open &&
        active >= 0 &&
        results[active] &&
        code === resultsFor.current &&
        !exactHit(results, code)
      ) {
        choose(results[active]);
        return;
      }
      typedSeq.current++;
      // A scanner's code leaves the box at once: the next scan may follow before this one's
      // lookup answers, and must not be typed after it (two codes in one box, neither found).
      if (isScan) setText('');
      void resolve(code, { cleared: isScan });
    }
  };

  return (
    <Box sx={{ position: 'relative' }}>
      <TextField
        fullWidth
        size="small"
        autoFocus
        disabled={disabled}
        inputRef={inputRef}
        value={text}
        placeholder={t('search.placeholder')}
        onChange={(e) => {
          setText(e.target.value);
          if (!e.target.value.trim()) {
            setResults([]);
            setOpen(false);
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onFocus={() => results.length > 0 && setOpen(true)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <QrCodeScanner fontSize="small" />
              </InputAdornment>
            ),
            endAdornment:
              busy > 0 ? (
                <CircularProgress size={16} />
              ) : (
                <Typography variant="caption" color="text.secondary">
                  F2
                </Typography>
              ),
          },
          htmlInput: {
            'data-testid': 'pos-search',
            autoComplete: 'off',
            'aria-label': t('search.label'),
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': expanded,
            'aria-controls': listboxId,
            'aria-activedescendant':
              expanded && active >= 0 && results[active] ? optionId(active) : undefined,
          },
        }}
      />
      {expanded && (
        <Paper
          elevation={6}
          sx={{
            position: 'absolute',
            insetInline: 0,
            insetBlockStart: '100%',
            zIndex: 20,
            maxBlockSize: 360,
            overflow: 'auto',
          }}
        >
          <List
            dense
            disablePadding
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-label={t('search.label')}
            data-testid="pos-search-results"
          >
            {results.map((v, i) => {
              // What may be sold: on hand − reserved by approved transfers.
              const available = variantAvailable(v);
              return (
                <ListItemButton
                  key={v.id}
                  component="li"
                  role="option"
                  id={optionId(i)}
                  tabIndex={-1}
                  aria-selected={i === active}
                  data-index={i}
                  data-variant-id={v.id}
                  selected={i === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(v)}
                  data-testid="pos-search-option"
                >
                  <Box sx={{ flex: 1, minInlineSize: 0 }}>
                    <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                      <span lang={nameLang(v.productName)}>{v.productName}</span>
                      {Object.keys(v.properties ?? {}).length > 0 && (
                        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                          {' — '}
                          {propertiesText(v.properties)}
                        </Box>
                      )}
                    </Typography>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      dir="ltr"
                      component="div"
                      sx={{ textAlign: 'start' }}
                      noWrap
                    >
                      {[v.sku, ...(v.barcodes ?? []).slice(0, 2)].join(' · ')}
                    </Typography>
                  </Box>
                  <Box sx={{ textAlign: 'end', flexShrink: 0, marginInlineStart: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {formatPiasters(v.sellPrice)}
                    </Typography>
                    {available !== undefined && (
                      <Typography
                        variant="caption"
                        color={available > 0 ? 'text.secondary' : 'error'}
                        component="div"
                        data-testid="pos-search-available"
                      >
                        {t('cart.onHand', { qty: formatQuantity(available) })}
                      </Typography>
                    )}
                  </Box>
                </ListItemButton>
              );
            })}
          </List>
        </Paper>
      )}
    </Box>
  );
}
