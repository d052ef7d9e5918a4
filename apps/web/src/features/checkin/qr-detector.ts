/** The part of the Barcode Detection API the scanner uses. */
export type QrDetector = { detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]> };

type NativeDetector = {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * The browser's own QR reader where it has one (Chromium on Android and ChromeOS), else the same
 * API on ZXing compiled to WebAssembly, served by us (not a CDN) so that the scanner works offline
 * and under our content security policy. Loaded only by the scanner.
 */
export async function createQrDetector(): Promise<QrDetector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (native) {
    try {
      if ((await native.getSupportedFormats()).includes('qr_code')) return new native({ formats: ['qr_code'] });
    } catch {
      // Declared but unusable (no shape detection service on this platform): the library reads instead.
    }
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

/**
 * Loads the reader (and its WebAssembly, where the browser has no reader) while the network is
 * there, so that the camera still reads codes after it goes: the scanner's service worker keeps
 * what was loaded.
 */
export function warmUpQrDetector(): void {
  void createQrDetector()
    .then((detector) => detector.detect(new ImageData(8, 8)))
    .catch(() => {});
}
