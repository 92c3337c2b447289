/** An artisan ID number as shown everywhere: all but its last 4 characters as •. */
export const maskedNumber = (number: string): string =>
  number.length <= 4 ? number : '•'.repeat(number.length - 4) + number.slice(-4);
