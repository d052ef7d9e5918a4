import { Center, Image, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';

/** How a QR code is drawn: the spec's highest level with a standard quiet zone, unless told. */
export type QrOptions = {
  errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
  margin?: number;
  color?: { dark: string; light: string };
};

const DEFAULT_OPTIONS: QrOptions = { errorCorrectionLevel: 'H', margin: 4 };

/** Renders `value` as a QR code, drawn in the browser; a loader while `value` is still empty. */
export function QrCodeImage({
  value,
  size,
  alt,
  options,
}: {
  value: string;
  size: number;
  alt: string;
  options?: QrOptions;
}) {
  const url = useQrCodeDataUrl(value, size, options);
  if (!url) {
    return (
      <Center w={size} h={size}>
        <Loader size="sm" />
      </Center>
    );
  }
  return <Image src={url} w={size} h={size} alt={alt} radius="sm" bg="white" />;
}

export function useQrCodeDataUrl(value: string, size: number, options: QrOptions = DEFAULT_OPTIONS): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const { errorCorrectionLevel = 'H', margin = 4, color } = options;
  const dark = color?.dark;
  const light = color?.light;
  useEffect(() => {
    let cancelled = false;
    setUrl(null);
    if (!value) return;
    // Loaded on demand: the QR library stays out of the first page's JavaScript.
    void import('qrcode').then(async ({ toDataURL }) => {
      const data = await toDataURL(value, {
        width: size,
        margin,
        errorCorrectionLevel,
        ...(dark && light ? { color: { dark, light } } : {}),
      });
      if (!cancelled) setUrl(data);
    });
    return () => {
      cancelled = true;
    };
  }, [value, size, errorCorrectionLevel, margin, dark, light]);
  return url;
}
