import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** SHA-256 of a text's UTF-8 bytes, lowercase hex (synchronous: used inside an IndexedDB transaction). */
export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));
