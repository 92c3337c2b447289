/**
 * UPU S10 item identifiers (India Post's Speed Post, registered post): two service letters, an
 * eight-digit serial, a check digit and the country's two letters, as EE123456789IN.
 */
const S10 = /^[A-Z]{2}(\d{8})(\d)IN$/;
const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

/** The check digit of an eight-digit serial: 11 less the weighted sum mod 11; 10 is written 0, 11 is 5. */
export function s10CheckDigit(serial: string): number {
  const sum = [...serial].reduce((total, digit, i) => total + Number(digit) * WEIGHTS[i]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

export function isS10(id: string): boolean {
  const match = S10.exec(id);
  return match !== null && s10CheckDigit(match[1]!) === Number(match[2]);
}
