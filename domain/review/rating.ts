/** Average rating to one decimal, in integers so 4.25 always rounds the same way; null without ratings. */
export function averageRating(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((sum * 10) / count) / 10;
}
