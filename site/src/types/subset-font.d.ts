declare module 'subset-font' {
  /** Cuts a font (TTF/OTF/WOFF/WOFF2 buffer) to the glyphs of `text` (harfbuzz in wasm). */
  export default function subsetFont(
    font: Buffer | Uint8Array,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype'; preserveNameIds?: number[]; variationAxes?: Record<string, number> },
  ): Promise<Buffer>;
}
