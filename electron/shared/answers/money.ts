/**
 * Payment amounts arrive in the currency's minor unit (1000 = 10.00 USD), and the
 * minor unit differs per currency (JPY has none, KWD has three): Intl knows how many digits each
 * currency uses, so the amount is scaled by that before formatting.
 */
export function formatMoney(minorAmount: number, currency: string, locale?: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
  } catch {
    // An unknown or missing currency code: show the raw amount rather than invent a unit.
    return currency ? `${minorAmount} ${currency}` : String(minorAmount);
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorAmount / 10 ** digits);
}

/** A minor-unit amount in the currency's major unit (1000 USD cents → 10); as is when unknown. */
export function majorAmount(minorAmount: number, currency: string): number {
  try {
    const format = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: currency.toUpperCase(),
    });
    return minorAmount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2);
  } catch {
    return minorAmount;
  }
}
