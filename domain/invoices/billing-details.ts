// What a member's billing details (decision 155) and a trainer's invoicing details may be: one rule
// for the profile's form, the API and the operator's commands, each naming its refusal by a text key.

export const MAX_COMPANY_LENGTH = 200;
export const MAX_ADDRESS_LENGTH = 500;
export const MAX_ADDRESS_LINES = 6;
export const MAX_TAX_ID_LENGTH = 30;

export interface BillingDetails {
  company: string | null;
  address: string | null;
  taxId: string | null;
}

export type BillingDetailsRefusal =
  | 'companyTooLong'
  | 'addressTooLong'
  | 'addressTooManyLines'
  | 'taxIdTooLong'
  | 'taxIdCharacters';

/** Trimmed, with empty lines and trailing spaces gone; null when nothing is left. */
export function cleanText(value: string | null | undefined): string | null {
  const lines = (value ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return lines.length > 0 ? lines.join('\n') : null;
}

/** A tax id as written on invoices: letters upper case, spaces kept as the member typed them. */
export function cleanTaxId(value: string | null | undefined): string | null {
  const text = cleanText(value)?.replace(/\s+/g, ' ');
  return text ? text.toUpperCase() : null;
}

// VAT numbers, EINs, NIFs, CUITs, ABNs…: letters, digits, and the dots, dashes, slashes and spaces
// they are written with.
const TAX_ID = /^[A-Z0-9][A-Z0-9 .\-/]*$/;

/** The details cleaned, or the first rule they break. */
export function checkBillingDetails(
  input: BillingDetails,
):
  | { ok: true; details: BillingDetails }
  | { ok: false; refusal: BillingDetailsRefusal; field: keyof BillingDetails } {
  const company = cleanText(input.company)?.replace(/\n/g, ' ') ?? null;
  const address = cleanText(input.address);
  const taxId = cleanTaxId(input.taxId);
  if (company && company.length > MAX_COMPANY_LENGTH)
    return { ok: false, refusal: 'companyTooLong', field: 'company' };
  if (address && address.length > MAX_ADDRESS_LENGTH)
    return { ok: false, refusal: 'addressTooLong', field: 'address' };
  if (address && address.split('\n').length > MAX_ADDRESS_LINES)
    return { ok: false, refusal: 'addressTooManyLines', field: 'address' };
  if (taxId && taxId.length > MAX_TAX_ID_LENGTH)
    return { ok: false, refusal: 'taxIdTooLong', field: 'taxId' };
  if (taxId && !TAX_ID.test(taxId)) return { ok: false, refusal: 'taxIdCharacters', field: 'taxId' };
  return { ok: true, details: { company, address, taxId } };
}
