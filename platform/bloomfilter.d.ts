/** The types of `bloomfilter` (Jason Davies), which ships none: the parts this project uses. */
declare module 'bloomfilter' {
  export class BloomFilter {
    /** `bits`: the filter's size (rounded up to a multiple of 32); `hashes`: how many bit positions a value sets. */
    constructor(bits: number, hashes: number);
    add(value: string): void;
    /** False when the value was certainly never added; true when it probably was. */
    test(value: string): boolean;
  }
}
