import crypto from 'node:crypto';
import { VOUCHER_ALPHABET, VOUCHER_LENGTH } from '@psb/contracts';

/** A fresh random code: VOUCHER_LENGTH characters of the unambiguous alphabet (crypto.randomInt). Staff
 * generate vouchers with it, and an online purchase issues its vouchers with it on settlement. */
export function generateVoucherCode(): string {
  let code = '';
  for (let i = 0; i < VOUCHER_LENGTH; i++)
    code += VOUCHER_ALPHABET[crypto.randomInt(VOUCHER_ALPHABET.length)];
  return code;
}
